/**
 * Analysis benchmark (never part of npm test):
 *   node --import tsx bench/analysis/bench.ts
 * Median latency per 550x450 JPEG on one worker for detect+mesh+emotion, +embedding, and the full
 * pipeline with objects; model load and first inference; RSS per worker; images per second with all
 * workers; speaker count per 15 s clip. Needs packages/analysis/eval/fetch-sources.sh and espeak-ng/sox.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalAnalyzer } from '../../packages/analysis/src/analyzer.ts';
import { decodeAudio } from '../../packages/analysis/src/audio/decode-audio.ts';
import { countSpeakers } from '../../packages/analysis/src/audio/speakers.ts';
import { createVad } from '../../packages/analysis/src/audio/vad.ts';
import { decodeImage } from '../../packages/analysis/src/image/decode-image.ts';
import { createEngine } from '../../packages/analysis/src/image/human-engine.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const fixture = readFileSync(path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg'));
const jpeg = await sharp(fixture).resize(550, 450, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const N = Number(process.env.BENCH_N ?? 15);

// --- one engine in this thread: latency per configuration
const t0 = performance.now();
const engine = await createEngine();
const loadMs = engine.loadMs;
const rgb = await decodeImage(jpeg);
const t1 = performance.now();
await engine.detect(rgb);
const firstMs = performance.now() - t1;
const decodeMs: number[] = [];
for (let i = 0; i < N; i++) {
  const t = performance.now();
  await decodeImage(jpeg);
  decodeMs.push(performance.now() - t);
}
const configs = {
  'detect+mesh+emotion': { objects: false, embedding: false, authenticity: false },
  '+embedding': { objects: false, embedding: true, authenticity: false },
  'full (objects, embedding, antispoof, liveness)': { objects: true, embedding: true, authenticity: true },
};
const latency: Record<string, number> = {};
for (const [name, opts] of Object.entries(configs)) {
  await engine.detect(rgb, opts);
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await engine.detect(rgb, opts);
    ms.push(performance.now() - t);
  }
  latency[name] = Math.round(median(ms));
}
console.log(
  JSON.stringify({
    loadMs: Math.round(loadMs),
    firstInferenceMs: Math.round(firstMs),
    sinceStartMs: Math.round(performance.now() - t0),
    jpegDecodeMs: +median(decodeMs).toFixed(1),
    latencyMs: latency,
  }),
);

// --- RSS of one worker: a fresh process that only loads the models and runs one picture
const rssScript = `import { createEngine } from '${root}/packages/analysis/src/image/human-engine.ts'; import { decodeImage } from '${root}/packages/analysis/src/image/decode-image.ts'; import { readFileSync } from 'node:fs';
const base = process.memoryUsage().rss; const e = await createEngine(); const img = await decodeImage(readFileSync('${path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg')}'));
for (let i = 0; i < 5; i++) await e.detect(img); console.log(JSON.stringify({ rssMb: Math.round(process.memoryUsage().rss / 1048576), baseMb: Math.round(base / 1048576) }));`;
const rss = execFileSync('node', ['--import', 'tsx', '--input-type=module', '-e', rssScript], {
  cwd: root,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop();
console.log(JSON.stringify({ workerProcessRss: JSON.parse(rss!) }));

// --- throughput with all workers (one per core)
const workers = os.availableParallelism();
const analyzer = createLocalAnalyzer({ workers, maxQueue: 64 });
await analyzer.pool.start();
while (analyzer.pool.stats().ready < workers) await new Promise((r) => setTimeout(r, 200));
const b64 = jpeg.toString('base64');
await Promise.all(Array.from({ length: workers }, () => analyzer.faceMatch(b64, b64)));
const M = Number(process.env.BENCH_M ?? 24);
for (const [name, fn] of [
  ['single-face', () => analyzer.singleFace(b64)],
  ['face-match (2 pictures)', () => analyzer.faceMatch(b64, b64)],
] as const) {
  const t = performance.now();
  await Promise.all(Array.from({ length: M }, () => fn()));
  const s = (performance.now() - t) / 1000;
  console.log(JSON.stringify({ throughput: name, workers, requests: M, perSecond: +(M / s).toFixed(2) }));
}
console.log(JSON.stringify({ poolStats: analyzer.pool.stats() }));
await analyzer.close();

// --- speaker count per 15 s clip
const clipDir = path.join(root, 'packages/analysis/eval/.cache/audio');
if (!existsSync(path.join(clipDir, 'labels.tsv')))
  execFileSync(path.join(root, 'packages/analysis/eval/build-audio.sh'), { stdio: 'inherit' });
const vad = await createVad();
const clips = ['one-0.wav', 'two-alt-0-1.wav', 'two-overlap-0-1.wav', 'one-0.webm'];
for (const c of clips) {
  const bytes = readFileSync(path.join(clipDir, c));
  const t = performance.now();
  const pcm = await decodeAudio(bytes);
  const dec = performance.now() - t;
  const r = await countSpeakers(pcm, vad);
  console.log(
    JSON.stringify({
      clip: c,
      decodeMs: Math.round(dec),
      analysisMs: r.ms,
      totalMs: Math.round(performance.now() - t),
      speakers: r.speakers,
    }),
  );
}
