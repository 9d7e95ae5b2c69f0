/**
 * Capacity of one analysis node (issue 12), never part of npm test:
 *   node --import tsx bench/analysis/capacity.ts
 * The worker pool as the analysis role runs it (BENCH_WORKERS, default 2, the default queue bound)
 * gets open-loop periodic checks: N monitored candidates with photo_timer 30 s arrive as a Poisson
 * stream of N/30 checks per second, each the server's photoCheck analysis (describeFace of a
 * 550x450 JPEG with its embedding, matched against a cached primary embedding), with the scene pass
 * (objects and the closer look for small faces) on a share BENCH_SCENE_RATE of the checks (default
 * 1/4, the server's SCENE_RATE of ADR 0102; 1 = every check, as before ADR 0102). For each N it runs
 * BENCH_SECONDS (default 60, after 5 s of warm-up not counted) and records p50/p95 latency and busy
 * answers (503); it searches the largest N with p95 <= 2 s and no busy answer.
 * BENCH_N_START (default 120) is the first N; BENCH_STEPS (default 6) bounds the search.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalAnalyzer } from '../../packages/analysis/src/analyzer.ts';
import { AnalysisBusyError } from '../../packages/analysis/src/errors.ts';
import { matchEmbeddings } from '../../packages/analysis/src/responses.ts';

const PHOTO_TIMER_S = 30;
const P95_GOAL_MS = 2000;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_S = 5;
const STEPS = Number(process.env.BENCH_STEPS ?? 6);
const SCENE_RATE = Number(process.env.BENCH_SCENE_RATE ?? 1 / 4);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const fixture = readFileSync(path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg'));
const jpeg = await sharp(fixture).resize(550, 450, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const quantile = (xs: number[], q: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN;

/** deterministic exponential inter-arrival times (mulberry32) */
function arrivals(seed: number) {
  let a = seed >>> 0;
  return (ratePerS: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return (-Math.log(1 - u) / ratePerS) * 1000;
  };
}

const analyzer = createLocalAnalyzer({ workers: WORKERS });
await analyzer.pool.start();
// every worker warm before measuring (start() resolves when the first one is ready)
await Promise.all(Array.from({ length: WORKERS * 2 }, () => analyzer.describeFace(jpeg, true)));
const primary = (await analyzer.describeFace(jpeg, true)).embedding!;

interface Step {
  candidates: number;
  checksPerS: number;
  sent: number;
  done: number;
  busy: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  cpuMsPerCheck: number;
  loadBefore: number[];
  loadAfter: number[];
  ok: boolean;
}

async function run(candidates: number): Promise<Step> {
  const rate = candidates / PHOTO_TIMER_S;
  const next = arrivals(candidates);
  const uniform = arrivals(candidates + 7);
  // a uniform draw in [0, 1): the inverse of the exponential draw at 1 per second
  const nextScene = () => 1 - Math.exp(-uniform(1) / 1000);
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  let busy = 0;
  let sent = 0;
  const loadBefore = load();
  const started = performance.now();
  const measureFrom = started + WARMUP_S * 1000;
  const end = measureFrom + SECONDS * 1000;
  let cpu: NodeJS.CpuUsage | null = null;
  let measuredDone = 0;
  let due = started;
  while (due < end) {
    due += next(rate);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (!cpu && performance.now() >= measureFrom) cpu = process.cpuUsage();
    const counted = performance.now() >= measureFrom;
    if (counted) sent++;
    const t = performance.now();
    const scene = nextScene() < SCENE_RATE;
    inFlight.push(
      analyzer.describeFace(jpeg, true, scene).then(
        (d) => {
          if (!d.embedding || !matchEmbeddings(primary, d.embedding).face_match) throw new Error('no match');
          if (counted) {
            latencies.push(performance.now() - t);
            measuredDone++;
          }
        },
        (e: unknown) => {
          if (!(e instanceof AnalysisBusyError)) throw e;
          if (counted) busy++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const used = process.cpuUsage(cpu ?? undefined);
  const p95 = quantile(latencies, 0.95);
  return {
    candidates,
    checksPerS: Math.round(rate * 100) / 100,
    sent,
    done: measuredDone,
    busy,
    p50Ms: Math.round(quantile(latencies, 0.5)),
    p95Ms: Math.round(p95),
    maxMs: Math.round(Math.max(...latencies)),
    cpuMsPerCheck: Math.round((used.user + used.system) / 1000 / Math.max(1, measuredDone)),
    loadBefore,
    loadAfter: load(),
    ok: busy === 0 && p95 <= P95_GOAL_MS,
  };
}

const steps: Step[] = [];
let n = Number(process.env.BENCH_N_START ?? 120);
let lo = 0; // largest N that met the goal
let hi = Infinity; // smallest N that missed it
for (let i = 0; i < STEPS; i++) {
  const s = await run(n);
  steps.push(s);
  console.error(JSON.stringify(s));
  if (s.ok) lo = Math.max(lo, n);
  else hi = Math.min(hi, n);
  const nextN = hi === Infinity ? Math.round(n * 1.5) : Math.round((lo + hi) / 2);
  if (hi - lo <= Math.max(5, lo * 0.05) || nextN === n) break;
  n = nextN;
}
const cpu = steps.filter((s) => s.done > 0).map((s) => s.cpuMsPerCheck);
const cpuPerCheck = quantile(cpu, 0.5);
console.log(
  JSON.stringify(
    {
      workers: WORKERS,
      photoTimerS: PHOTO_TIMER_S,
      sceneRate: SCENE_RATE,
      secondsPerStep: SECONDS,
      largestCandidatesMeetingGoal: lo,
      smallestCandidatesMissingGoal: hi === Infinity ? null : hi,
      medianCpuMsPerCheck: cpuPerCheck,
      /** what the CPU time alone allows at 100 % of WORKERS cores, with no other work on the machine */
      cpuBoundCandidates: Math.floor((WORKERS * PHOTO_TIMER_S * 1000) / cpuPerCheck),
      cores: os.availableParallelism(),
      steps,
    },
    null,
    2,
  ),
);
await analyzer.close();
