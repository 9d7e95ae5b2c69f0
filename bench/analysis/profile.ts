/**
 * Where the time of one periodic picture goes (issue 12), never part of npm test:
 *   node --import tsx bench/analysis/profile.ts
 * One process, the main thread, sharp on one thread: every stage's median wall time and CPU time
 * (process.cpuUsage, user + system, less sensitive to other work on a shared machine) over
 * BENCH_N (default 9) runs of a 550x450 JPEG, the configurations interleaved so all see the same load.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { analyseImage } from '../../packages/analysis/src/image/analyse-image.ts';
import { decodeImage } from '../../packages/analysis/src/image/decode-image.ts';
import { createEngine, type EngineOptions } from '../../packages/analysis/src/image/human-engine.ts';
import { staticFacesAgainst } from '../../packages/analysis/src/image/static-faces.ts';
import { thresholds } from '../../packages/analysis/src/image/thresholds.ts';

sharp.concurrency(1);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const fixture = readFileSync(path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg'));
const jpeg = await sharp(fixture).resize(550, 450, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
const N = Number(process.env.BENCH_N ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const load = () => os.loadavg().map((l) => l.toFixed(2));
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

const engine = await createEngine();
const rgb = await decodeImage(jpeg);
// ADR 0104/0105: a picture with no face, which the scene pass searches with the second detector
const noFace = await decodeImage(
  await sharp(readFileSync(path.join(root, 'packages/analysis/test/fixtures/coffee.jpg')))
    .resize(550, 450, { fit: 'cover' })
    .jpeg({ quality: 80 })
    .toBuffer(),
);
// ADR 0103: the server's extra step on a picture with two faces (the primary re-encoded, as another capture)
const primaryJpeg = await sharp(jpeg).modulate({ brightness: 0.95 }).jpeg({ quality: 70 }).toBuffer();
const twoBoxes: [number, number, number, number][] = [
  [180, 60, 170, 200],
  [440, 20, 60, 70],
];
const detect = (opts: EngineOptions) => () => engine.detect(rgb, opts);
const configs: Record<string, () => Promise<unknown>> = {
  'faces (detect, mesh, emotion)': detect({ objects: false, embedding: false, authenticity: false }),
  'faces + embedding': detect({ objects: false, embedding: true, authenticity: false }),
  'faces + embedding + objects': detect({ objects: true, embedding: true, authenticity: false }),
  'full (objects, embedding, antispoof, liveness)': detect({ objects: true, embedding: true, authenticity: true }),
  // the server's photoCheck analysis (ADR 0102): a check without and with the scene pass
  'periodic check, faces only (closer look on a hint)': () =>
    analyseImage(engine, rgb, { objects: false, closer: 'hint', embedding: true, authenticity: false }),
  'periodic check with the scene pass (closer look + objects)': () =>
    analyseImage(engine, rgb, { objects: 'with-face', closer: true, embedding: true, authenticity: false }),
  'periodic check, no face, without the scene pass': () =>
    analyseImage(engine, noFace, { objects: 'with-face', closer: 'hint', embedding: true, authenticity: false }),
  'periodic check, no face, with the scene pass (whole-picture search)': () =>
    analyseImage(engine, noFace, { objects: 'with-face', closer: true, embedding: true, authenticity: false }),
  // ADR 0105: the second face detector (SSD MobileNet v1 at 512 px) on the whole picture, alone
  'second detector alone (SSD MobileNet v1)': () => engine.ssd!.detect(rgb, thresholds.ssdMin),
  // ADR 0225: the third (FaceBoxes at 1024 px) alone
  'third detector alone (FaceBoxes)': () => engine.faceboxes!.detect(rgb, thresholds.faceBoxesMin),
  'static faces against the primary (server, 2 faces only)': () => staticFacesAgainst(jpeg, primaryJpeg, twoBoxes),
};
for (const run of Object.values(configs)) await run(); // warm every kernel

const before = load();
const wall: Record<string, number[]> = { decode: [] };
const cpu: Record<string, number[]> = { decode: [] };
const stages: Record<string, Record<string, number[]>> = {};
for (let i = 0; i < N; i++) {
  let c = process.cpuUsage();
  let t = performance.now();
  await decodeImage(jpeg);
  wall.decode.push(performance.now() - t);
  cpu.decode.push(cpuMs(c));
  for (const [name, run] of Object.entries(configs)) {
    c = process.cpuUsage();
    t = performance.now();
    await run();
    (wall[name] ??= []).push(performance.now() - t);
    (cpu[name] ??= []).push(cpuMs(c));
    // Human's own split is of its last detect() call: shown for the single-call configurations only
    if (/^(periodic|static|second|third)/.test(name)) continue;
    const perf = engine.human.performance as Record<string, number>;
    stages[name] ??= {};
    for (const k of ['face', 'emotion', 'description', 'antispoof', 'liveness', 'object'])
      if (typeof perf[k] === 'number') (stages[name][k] ??= []).push(perf[k]);
  }
}
const out = Object.fromEntries(
  Object.keys(wall).map((k) => [
    k,
    {
      wallMs: Math.round(median(wall[k])),
      cpuMs: Math.round(median(cpu[k])),
      ...(stages[k]
        ? { stagesMs: Object.fromEntries(Object.entries(stages[k]).map(([s, v]) => [s, Math.round(median(v))])) }
        : {}),
    },
  ]),
);
console.log(
  JSON.stringify(
    { runs: N, backend: engine.human.tf.getBackend(), loadBefore: before, loadAfter: load(), ...out },
    null,
    2,
  ),
);
