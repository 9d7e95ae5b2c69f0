/**
 * Prints accuracy per check on the evaluation set:
 *   node --import tsx packages/analysis/eval/run.ts [--images-only|--audio-only]
 * Needs eval/fetch-sources.sh (Debian sample pictures) and espeak-ng + sox + ffmpeg for the clips.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAudio } from '../src/audio/decode-audio.ts';
import { countSpeakers } from '../src/audio/speakers.ts';
import { createVad } from '../src/audio/vad.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import { cosineSimilarity, summarise } from '../src/image/face-analysis.ts';
import { createEngine } from '../src/image/human-engine.ts';
import { thresholds } from '../src/image/thresholds.ts';
import { buildImages, type Item } from './images.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const args = new Set(process.argv.slice(2));
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}% (${a}/${b})` : 'n/a');

async function images() {
  if (!existsSync(path.join(here, '.cache/deb/root')))
    execFileSync(path.join(here, 'fetch-sources.sh'), { stdio: 'inherit' });
  const items: Item[] = await buildImages();
  const engine = await createEngine();
  const rows: { item: Item; count: number; candidates: number; objects: string[]; emb: number[] | null; ms: number }[] =
    [];
  for (const item of items) {
    const rgb = await decodeImage(readFileSync(path.join(here, '.cache/images', item.file)));
    const t = performance.now();
    const a = summarise(await engine.detect(rgb), rgb.width, rgb.height, 0);
    rows.push({
      item,
      count: a.faces.length,
      candidates: a.candidates,
      objects: a.objects.map((o) => o.label),
      emb: a.faces[0]?.embedding ?? null,
      ms: performance.now() - t,
    });
  }
  const exact = rows.filter((r) => r.count === r.item.faces).length;
  const rawExact = rows.filter((r) => r.candidates === r.item.faces).length;
  const multi = rows.filter((r) => r.count >= 2 === r.item.faces >= 2).length;
  const present = rows.filter((r) => r.count > 0 === r.item.faces > 0).length;
  console.log(
    `\n== pictures: ${rows.length} (${rows.filter((r) => r.item.faces === 0).length} without a face, ${rows.filter((r) => r.item.faces === 1).length} with one, ${rows.filter((r) => r.item.faces >= 2).length} with two to four)`,
  );
  console.log(
    `face count exact (mesh filter ${thresholds.faceMeshMin}): ${pct(exact, rows.length)}   [detector alone: ${pct(rawExact, rows.length)}]`,
  );
  console.log(`face present yes/no: ${pct(present, rows.length)}`);
  console.log(`multiple faces yes/no: ${pct(multi, rows.length)}`);
  for (const r of rows.filter((x) => x.count !== x.item.faces))
    console.log(`  miss: ${r.item.file} expected ${r.item.faces} got ${r.count} (detector ${r.candidates})`);
  const fp = rows.filter((r) => r.objects.length > 0);
  console.log(
    `objects: false alarms on pictures with no phone/book/laptop: ${pct(fp.length, rows.length)} ${fp.map((r) => `${r.item.file}:${r.objects.join('+')}`).join(' ')}`,
  );

  const faces = rows.filter((r) => r.item.identity && r.emb && r.count === 1);
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < faces.length; i++) {
    for (let j = i + 1; j < faces.length; j++) {
      const s = cosineSimilarity(faces[i].emb!, faces[j].emb!);
      (faces[i].item.identity === faces[j].item.identity ? genuine : impostor).push(s);
    }
  }
  const at = (th: number) => ({
    frr: genuine.filter((s) => s < th).length,
    far: impostor.filter((s) => s >= th).length,
  });
  const r = at(thresholds.matchCosine);
  console.log(
    `identity (cosine of faceres embeddings, ${faces.length} faces of ${new Set(faces.map((f) => f.item.identity)).size} people): ${genuine.length} genuine pairs, ${impostor.length} impostor pairs`,
  );
  console.log(
    `  at threshold ${thresholds.matchCosine}: FAR ${pct(r.far, impostor.length)}  FRR ${pct(r.frr, genuine.length)}`,
  );
  for (const th of [0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7]) {
    const x = at(th);
    console.log(`  threshold ${th}: FAR ${pct(x.far, impostor.length)}  FRR ${pct(x.frr, genuine.length)}`);
  }
  console.log(`  genuine min ${Math.min(...genuine).toFixed(3)} / impostor max ${Math.max(...impostor).toFixed(3)}`);
  const ms = rows.map((x) => x.ms).sort((a, b) => a - b);
  console.log(`full pipeline latency on this set: median ${ms[ms.length >> 1].toFixed(0)} ms`);
}

async function audio() {
  const dir = path.join(here, '.cache/audio');
  if (!existsSync(path.join(dir, 'labels.tsv'))) execFileSync(path.join(here, 'build-audio.sh'), { stdio: 'inherit' });
  const labels = readFileSync(path.join(dir, 'labels.tsv'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  const vad = await createVad();
  const byKind = new Map<string, [number, number]>();
  let ok12 = 0;
  let n12 = 0;
  let ok = 0;
  const times: number[] = [];
  for (const [file, exp, kind] of labels) {
    let got: number;
    try {
      const res = await countSpeakers(await decodeAudio(readFileSync(path.join(dir, file))), vad);
      got = res.speakers;
      times.push(res.ms);
    } catch {
      got = 0; // silent clip: refused as "no audio"
    }
    const e = Math.min(Number(exp), 2);
    const g = Math.min(got, 2);
    const hit = e === g ? 1 : 0;
    ok += hit;
    if (e > 0) {
      n12++;
      ok12 += hit;
    }
    const k = byKind.get(kind) ?? [0, 0];
    byKind.set(kind, [k[0] + hit, k[1] + 1]);
  }
  console.log(`\n== speaker count: ${labels.length} clips of 15 s`);
  console.log(`1 vs 2+ speakers (clips with speech): ${pct(ok12, n12)}`);
  console.log(`0 / 1 / 2+ overall: ${pct(ok, labels.length)}`);
  for (const [k, [a, b]] of byKind) console.log(`  ${k.padEnd(22)} ${pct(a, b)}`);
  times.sort((a, b) => a - b);
  console.log(
    `  analysis time per clip (VAD + MFCC + pitch + BIC, after decoding): median ${times[times.length >> 1]} ms, max ${times[times.length - 1]} ms`,
  );
}

if (!args.has('--audio-only')) await images();
if (!args.has('--images-only')) await audio();
