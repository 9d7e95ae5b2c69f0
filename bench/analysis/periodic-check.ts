/**
 * Periodic photo check cost (issue 12, ADR 0100), never part of npm test:
 *   node --import tsx bench/analysis/periodic-check.ts
 * Median over BENCH_N (default 20) checks on one worker: the server's path (describeFace of the
 * current picture with its embedding, matched against the primary's cached embedding) against the
 * full face-match pipeline (both pictures analysed with objects, embedding, antispoof, liveness).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalAnalyzer } from '../../packages/analysis/src/analyzer.ts';
import { matchEmbeddings } from '../../packages/analysis/src/responses.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const fixture = readFileSync(path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg'));
const jpeg = await sharp(fixture).resize(550, 450, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
const b64 = jpeg.toString('base64');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const N = Number(process.env.BENCH_N ?? 20);
/** the load average (1, 5, 15 minutes), as `uptime` shows it */
const uptime = () =>
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

const analyzer = createLocalAnalyzer({ workers: 1, maxQueue: 4 });
await analyzer.pool.start();
const primary = (await analyzer.describeFace(jpeg, true)).embedding;
if (!primary) throw new Error('no embedding for the primary picture');
await analyzer.faceMatch(b64, b64);

const before = uptime();
const cached: number[] = [];
const full: number[] = [];
// CPU time of the whole process (the worker thread does the work; the main thread waits)
const cachedCpu: number[] = [];
const fullCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
// interleaved, so both paths see the same machine load
for (let i = 0; i < N; i++) {
  let c = process.cpuUsage();
  let t = performance.now();
  const d = await analyzer.describeFace(jpeg, true);
  if (!d.embedding || !matchEmbeddings(primary, d.embedding).face_match) throw new Error('cached path: no match');
  cached.push(performance.now() - t);
  cachedCpu.push(cpuMs(c));
  c = process.cpuUsage();
  t = performance.now();
  const r = await analyzer.faceMatch(b64, b64);
  if (!r.face_match) throw new Error('full path: no match');
  full.push(performance.now() - t);
  fullCpu.push(cpuMs(c));
}
console.log(
  JSON.stringify(
    {
      runs: N,
      cachedPrimaryMedianMs: Math.round(median(cached)),
      cachedPrimaryMedianCpuMs: Math.round(median(cachedCpu)),
      fullFaceMatchMedianMs: Math.round(median(full)),
      fullFaceMatchMedianCpuMs: Math.round(median(fullCpu)),
      speedup: Math.round((median(full) / median(cached)) * 100) / 100,
      uptimeBefore: before,
      uptimeAfter: uptime(),
    },
    null,
    2,
  ),
);
await analyzer.close();
