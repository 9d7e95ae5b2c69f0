/**
 * Prints accuracy per check on the evaluation set:
 *   node --import tsx packages/analysis/eval/run.ts [--images-only|--audio-only] [--no-holdout]
 * Needs eval/fetch-sources.sh (Debian sample pictures) and espeak-ng + sox + ffmpeg for the clips.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAudio } from '../src/audio/decode-audio.ts';
import { countSpeakers } from '../src/audio/speakers.ts';
import { createVad } from '../src/audio/vad.ts';
import { cosineSimilarity } from '../src/image/face-analysis.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import { faceFraming, type FaceFraming } from '../src/image/face-framing.ts';
import { staticFacesAgainst, staticScores } from '../src/image/static-faces.ts';
import { thresholds } from '../src/image/thresholds.ts';
import { analysePicture } from './analyse-picture.ts';
import { buildExtension } from './extension.ts';
import { buildHoldout } from './holdout.ts';
import { buildImages, HARD_CASES, type Item } from './images.ts';
import { buildCapture } from './capture.ts';
import { buildDesks } from './desks.ts';
import { buildRecordings } from './recordings.ts';
import { buildRound6 } from './round6.ts';
import { buildRound10 } from './round10.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const args = new Set(process.argv.slice(2));
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}% (${a}/${b})` : 'n/a');

interface Row {
  item: Item;
  /** faces of the picture alone */
  count: number;
  /** faces once those static against the item's setup picture are dropped (ADR 0103); = count without one */
  checked: number;
  candidates: number;
  objects: string[];
  emb: number[] | null;
  /** with exactly one face: framed well enough to judge who it is (ADR 0244) */
  framing: FaceFraming | null;
  ms: number;
}

async function analyse(engine: Engine, dir: string, items: Item[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const item of items) {
    const bytes = readFileSync(path.join(dir, item.file));
    const t = performance.now();
    const a = await analysePicture(engine, bytes);
    const still = item.reference
      ? await staticFacesAgainst(
          bytes,
          readFileSync(path.join(dir, item.reference)),
          a.faces.map((f) => f.box),
        )
      : [];
    if (process.env.EVAL_STATIC_SCORES && item.reference && a.faces.length >= 2) {
      const [cur, ref] = await Promise.all([
        decodeImage(bytes),
        decodeImage(readFileSync(path.join(dir, item.reference))),
      ]);
      const scores = staticScores(
        cur,
        ref,
        a.faces.map((f) => f.box),
      );
      console.log(
        `  static ${item.file} (${item.faces}): ${scores.map((v, k) => `${a.faces[k].box[2]}px ${v}`).join(', ')}`,
      );
    }
    rows.push({
      item,
      count: a.faces.length,
      checked: a.faces.length - still.length,
      candidates: a.candidates,
      objects: a.objects.map((o) => o.label),
      emb: a.faces[0]?.embedding ?? null,
      framing: a.faces.length === 1 ? faceFraming(a.width, a.height, a.faces[0].box) : null,
      ms: performance.now() - t,
    });
  }
  return rows;
}

function faceFigures(title: string, all: Row[], key: 'count' | 'checked' = 'count') {
  const rows = all.map((r) => ({ ...r, count: r[key] }));
  const exact = rows.filter((r) => r.count === r.item.faces).length;
  const rawExact = rows.filter((r) => r.candidates === r.item.faces).length;
  const multi = rows.filter((r) => r.count >= 2 === r.item.faces >= 2).length;
  const present = rows.filter((r) => r.count > 0 === r.item.faces > 0).length;
  const singles = rows.filter((r) => r.item.faces === 1);
  const none = rows.filter((r) => r.item.faces === 0);
  console.log(
    `\n== ${title}: ${rows.length} pictures (${none.length} without a face, ${singles.length} with one, ${rows.length - none.length - singles.length} with two to five)`,
  );
  console.log(
    `face count exact: ${pct(exact, rows.length)}   [detector candidates alone: ${pct(rawExact, rows.length)}]`,
  );
  console.log(`face present yes/no: ${pct(present, rows.length)}`);
  console.log(`multiple faces yes/no: ${pct(multi, rows.length)}`);
  const alarms = singles.filter((r) => r.count !== 1);
  console.log(
    `single honest candidates: false alarms ${pct(alarms.length, singles.length)} (no face: ${alarms.filter((r) => r.count === 0).length}, 2+ faces: ${alarms.filter((r) => r.count >= 2).length})`,
  );
  console.log(`no person: a face found in ${pct(none.filter((r) => r.count > 0).length, none.length)}`);
  for (const r of rows.filter((x) => x.count !== x.item.faces))
    console.log(`  miss: ${r.item.file} expected ${r.item.faces} got ${r.count} (detector ${r.candidates})`);
  if (key === 'checked') return;
  const fp = rows.filter((r) => r.objects.length > 0);
  console.log(
    `objects: alarms on pictures with no phone/book/laptop: ${pct(fp.length, rows.length)} ${fp.map((r) => `${r.item.file}:${r.objects.join('+')}`).join(' ')}`,
  );
}

/**
 * capture conditions: the face count as faceFigures gives it, and whether each variant still
 * matches the same person's picture as taken (the primary picture of a periodic check)
 */
function captureFigures(title: string, rows: Row[]) {
  faceFigures(title, rows);
  const taken = new Map(rows.filter((r) => r.item.variant === 'as-taken').map((r) => [r.item.identity, r.emb]));
  const pairs = rows.filter((r) => r.item.variant !== 'as-taken');
  const refused = pairs.filter((r) => {
    const ref = taken.get(r.item.identity);
    return !(ref && r.emb && r.count >= 1 && cosineSimilarity(ref, r.emb) >= thresholds.matchCosine);
  });
  console.log(
    `identity against the picture as taken: refused ${pct(refused.length, pairs.length)} ${refused.map((r) => `${r.item.identity}/${r.item.variant}`).join(' ')}`,
  );
  const asOther = refused.filter((r) => r.count === 1 && r.framing === 'ok');
  console.log(
    `  of them told "does not match" (a framed face): ${asOther.length} ${asOther.map((r) => `${r.item.identity}/${r.item.variant}`).join(' ')}; "come closer" (cut or far away, ADR 0244): ${refused.filter((r) => r.count === 1 && r.framing !== 'ok').length}; no face or several: ${refused.filter((r) => r.count !== 1).length}`,
  );
}

function identityFigures(rows: Row[]) {
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
  // a periodic check judges identity only on a framed face (ADR 0244): either picture of a pair
  // may be the current one, so a refused pair is a "does not match" only when both are framed
  let framedRefused = 0;
  let framedGenuine = 0;
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      if (faces[i].item.identity !== faces[j].item.identity) continue;
      if (faces[i].framing !== 'ok' || faces[j].framing !== 'ok') continue;
      framedGenuine++;
      if (cosineSimilarity(faces[i].emb!, faces[j].emb!) < thresholds.matchCosine) framedRefused++;
    }
  console.log(
    `  FRR on framed faces only (a "does not match" on a periodic check): ${pct(framedRefused, framedGenuine)}`,
  );
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      const s = cosineSimilarity(faces[i].emb!, faces[j].emb!);
      if (faces[i].item.identity === faces[j].item.identity && s < thresholds.matchCosine)
        console.log(`  genuine pair refused: ${faces[i].item.file} ~ ${faces[j].item.file} ${s.toFixed(3)}`);
    }
}

async function images() {
  const wesnoth = '.cache/deb/root/usr/share/games/wesnoth'; // extension.ts (added later than the rest)
  const visp = '.cache/deb/root/usr/share/visp-images-data'; // round6.ts (sixth round)
  if ([wesnoth, visp, '.cache/npm'].some((p) => !existsSync(path.join(here, p))))
    execFileSync(path.join(here, 'fetch-sources.sh'), { stdio: 'inherit' });
  const engine = await createEngine();
  const tuned = await analyse(engine, path.join(here, '.cache/images'), await buildImages());
  faceFigures('tuned-on set', tuned);
  faceFigures('tuned-on set, as a periodic check (static faces against the setup picture dropped)', tuned, 'checked');
  const first77 = tuned.filter((r) => !HARD_CASES.test(r.item.file));
  console.log(
    `  the original ${first77.length} pictures: ${pct(first77.filter((r) => r.count === r.item.faces).length, first77.length)}`,
  );
  identityFigures(tuned);
  const ms = tuned.map((x) => x.ms).sort((a, b) => a - b);
  console.log(`full pipeline latency on this set: median ${ms[ms.length >> 1].toFixed(0)} ms`);
  const ext = await analyse(engine, path.join(here, '.cache/extension'), await buildExtension());
  faceFigures('tuned-on extension (wall art, people behind)', ext);
  faceFigures('tuned-on extension, as a periodic check', ext, 'checked');
  const round6 = await buildRound6();
  const ext6 = await analyse(engine, path.join(here, '.cache/round6'), round6.tuned);
  faceFigures('tuned-on extension of round 6 (crowd photo, room, posters)', ext6);
  faceFigures('tuned-on extension of round 6, as a periodic check', ext6, 'checked');
  const capture = await buildCapture();
  const ext8 = await analyse(engine, path.join(here, '.cache/capture'), capture.tuned);
  captureFigures('tuned-on capture conditions of round 8 (one candidate each)', ext8);
  const desks = await analyse(engine, path.join(here, '.cache/desks'), await buildDesks());
  faceFigures('tuned-on desks and tables of round 8', desks);
  const back = await analyse(engine, path.join(here, '.cache/round10'), await buildRound10());
  faceFigures('tuned-on people at the back and small paintings of round 10', back);
  faceFigures('tuned-on people at the back and small paintings of round 10, as a periodic check', back, 'checked');
  if (args.has('--no-holdout')) return;
  const held = await analyse(engine, path.join(here, '.cache/holdout'), await buildHoldout());
  faceFigures('held-out set (never tuned on)', held);
  faceFigures('held-out set, as a periodic check', held, 'checked');
  identityFigures(held);
  const held6 = await analyse(engine, path.join(here, '.cache/round6-holdout'), round6.held);
  faceFigures('held-out addition of round 6 (never tuned on)', held6);
  faceFigures('held-out addition of round 6, as a periodic check', held6, 'checked');
  faceFigures('held-out set with the round-6 addition, as a periodic check', [...held, ...held6], 'checked');
  const held8 = await analyse(engine, path.join(here, '.cache/capture-holdout'), capture.held);
  captureFigures('held-out capture conditions of round 8 (never tuned on)', held8);
  const recorded = await analyse(engine, path.join(here, '.cache/recordings'), await buildRecordings());
  captureFigures('held-out recordings of round 9: a frame a second, the first one the primary picture', recorded);
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
