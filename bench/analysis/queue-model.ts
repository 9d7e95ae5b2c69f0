/**
 * A queue model of one analysis node (issue 12, ADR 0102), never part of npm test: what capacity.ts
 * would find on a dedicated node, from the CPU time a check costs, when the shared machine's load
 * makes the measured latencies meaningless. It is a model, not a measurement:
 *   node --import tsx bench/analysis/queue-model.ts
 * Poisson arrivals of N/30 checks per second (photo_timer 30 s) to WORKERS servers, first come
 * first served; a check costs SCENE_S of one core with the scene pass (share SCENE_RATE) and
 * PLAIN_S without. Defaults: the pool's CPU per check measured by capacity.ts and profile.ts
 * (bench/analysis/README.md), each with ~30 ms of decoding and transfer.
 */
const env = (k: string, d: number) => Number(process.env[k] ?? d);
const WORKERS = env('WORKERS', 2);
const SCENE_S = env('SCENE_S', 0.43);
const PLAIN_S = env('PLAIN_S', 0.13);
const HOURS = env('HOURS', 2);

/** deterministic uniform [0, 1) (mulberry32) */
function uniform(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function p95(candidates: number, sceneRate: number): number {
  const u = uniform(candidates);
  const rate = candidates / 30;
  const free = new Array<number>(WORKERS).fill(0);
  const latencies: number[] = [];
  for (let t = 0; t < HOURS * 3600;) {
    t += -Math.log(1 - u()) / rate;
    const cost = u() < sceneRate ? SCENE_S : PLAIN_S;
    const k = free.indexOf(Math.min(...free));
    free[k] = Math.max(t, free[k]!) + cost;
    latencies.push(free[k]! - t);
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(0.95 * latencies.length)]!;
}

const rows: Record<string, unknown>[] = [];
for (const sceneRate of [1, 1 / 3, 1 / 4, 1 / 5]) {
  let best = 0;
  for (let n = 50; n <= 400; n += 10) if (p95(n, sceneRate) <= 2) best = n;
  rows.push({
    sceneRate: Math.round(sceneRate * 100) / 100,
    cpuMsPerCheck: Math.round(1000 * (sceneRate * SCENE_S + (1 - sceneRate) * PLAIN_S)),
    p95At250: Math.round(p95(250, sceneRate) * 100) / 100,
    largestCandidatesWithP95Under2s: best,
  });
}
console.table(rows);
