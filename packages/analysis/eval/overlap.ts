/**
 * The overlap detector of src/audio/overlap.ts on the evaluation clips (issue 12):
 *   node --import tsx packages/analysis/eval/overlap.ts
 * Prints the score per clip kind, what an absolute threshold would add to the BIC count, what
 * the per-candidate baseline rule adds (the same voice alone, other sentences, same condition), and
 * what the first sample of an attempt gets from the setup's voice sample: the same reference cut to
 * the setup's 10 s as Opus (what the browser sends), kept only when usableBaseline() accepts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAudio, SAMPLE_RATE } from '../src/audio/decode-audio.ts';
import { overlapParams, overlapScore, usableBaseline } from '../src/audio/overlap.ts';
import { countSpeakers } from '../src/audio/speakers.ts';
import { createVad } from '../src/audio/vad.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const dir = path.join(here, '.cache/audio');
const labels = readFileSync(path.join(dir, 'labels.tsv'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
const vad = await createVad();
const scoreOf = async (file: string) => {
  const pcm = await decodeAudio(readFileSync(path.join(dir, file)));
  return { pcm, score: overlapScore(await vad.segments(pcm, SAMPLE_RATE)) };
};
/** the candidate's voice and the recording condition of a clip, from its file name */
const candidateOf = (file: string) => ({
  voice: Number(/^(?:one|one-noise|two-alt|two-overlap)-(\d+)/.exec(file)?.[1]),
  cond: `${file.includes('noise') ? 'noise' : 'clean'}${file.endsWith('.webm') ? '+opus' : ''}`,
});
// per-candidate baseline: the same voice alone reading other sentences, in the same condition
const baseline = new Map<string, number>();
// the setup's voice sample: the Opus reference of the voice in the room's condition, first 10 s,
// and whether the server would keep it (null: not usable, the first sample is BIC alone)
const SETUP_SECONDS = 10;
const setup = new Map<string, number | null>();
const refsFile = path.join(dir, 'refs.tsv');
if (existsSync(refsFile)) {
  for (const [file, voice, cond] of readFileSync(refsFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))) {
    const { pcm, score } = await scoreOf(file);
    baseline.set(`${voice}/${cond}`, score);
    if (cond.endsWith('+opus')) {
      const r = await countSpeakers(pcm.slice(0, SETUP_SECONDS * SAMPLE_RATE), vad);
      setup.set(`${voice}/${cond.replace('+opus', '')}`, usableBaseline(r) ? r.overlap : null);
    }
  }
}
const rows: {
  kind: string;
  expected: number;
  bic: number;
  score: number;
  base?: number;
  setup?: number | null;
}[] = [];
for (const [file, exp, kind] of labels) {
  if (exp === '0') continue;
  const { pcm, score } = await scoreOf(file);
  const c = candidateOf(file);
  rows.push({
    kind,
    expected: Math.min(2, Number(exp)),
    bic: Math.min(2, (await countSpeakers(pcm, vad)).speakers),
    score,
    base: baseline.get(`${c.voice}/${c.cond}`),
    setup: setup.get(`${c.voice}/${c.cond.replace('+opus', '')}`),
  });
}
const kinds = [...new Set(rows.map((r) => r.kind))];
for (const k of kinds) {
  const s = rows.filter((r) => r.kind === k).map((r) => r.score.toFixed(3));
  console.log(`${k.padEnd(20)} ${s.sort().join(' ')}`);
}
const singleMax = Math.max(...rows.filter((r) => r.expected === 1).map((r) => r.score));
const ok = (r: (typeof rows)[number], th: number) => (r.bic >= 2 || r.score > th ? 2 : 1) === r.expected;
console.log(`BIC alone, 1 vs 2+: ${rows.filter((r) => r.bic === r.expected).length}/${rows.length}`);
console.log(`highest single-speaker score: ${singleMax.toFixed(3)}`);
for (const th of [0.6, 0.61, 0.615, 0.62, 0.63, 0.65]) {
  const singlesSplit = rows.filter((r) => r.expected === 1 && r.score > th && r.bic < 2).length;
  console.log(
    `  BIC or score > ${th}: ${rows.filter((r) => ok(r, th)).length}/${rows.length} (single speakers turned into two by the score: ${singlesSplit})`,
  );
}

if (baseline.size) {
  console.log('\nper-candidate baseline (score minus the same voice alone, other sentences, same condition):');
  for (const k of kinds) {
    const d = rows.filter((r) => r.kind === k && r.base !== undefined).map((r) => (r.score - r.base!).toFixed(3));
    console.log(`${k.padEnd(20)} ${d.sort().join(' ')}`);
  }
  const okRel = (r: (typeof rows)[number], d: number) =>
    (r.bic >= 2 || (r.base !== undefined && r.score - r.base > d) ? 2 : 1) === r.expected;
  for (const d of [0.02, 0.025, 0.03, 0.035, 0.04, 0.05]) {
    const singlesSplit = rows.filter((r) => r.expected === 1 && r.bic < 2 && r.score - (r.base ?? 9) > d).length;
    console.log(
      `  BIC or score > baseline + ${d}: ${rows.filter((r) => okRel(r, d)).length}/${rows.length} (single speakers turned into two: ${singlesSplit})`,
    );
  }
}

if (setup.size) {
  const usable = [...setup.values()].filter((v) => v !== null).length;
  console.log(
    `\nfirst sample, baseline from the setup voice sample (${SETUP_SECONDS} s, Opus): ${usable}/${setup.size} setup samples usable`,
  );
  const d = overlapParams.margin;
  const two = (r: (typeof rows)[number]) =>
    r.bic >= 2 || (r.setup !== undefined && r.setup !== null && r.score - r.setup > d);
  const okSetup = rows.filter((r) => (two(r) ? 2 : 1) === r.expected).length;
  const split = rows.filter((r) => r.expected === 1 && r.bic < 2 && two(r)).length;
  console.log(
    `  BIC or score > setup baseline + ${d}: ${okSetup}/${rows.length} (single speakers turned into two: ${split})`,
  );
  for (const k of kinds) {
    const ks = rows.filter((r) => r.kind === k);
    const diffs = ks.filter((r) => r.setup != null).map((r) => r.score - r.setup!);
    console.log(
      `  ${k.padEnd(20)} ${ks.filter((r) => (two(r) ? 2 : 1) === r.expected).length}/${ks.length}  score - setup baseline: ${Math.min(...diffs).toFixed(3)} to ${Math.max(...diffs).toFixed(3)}`,
    );
  }
}
