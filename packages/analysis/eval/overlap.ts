/**
 * Overlapping-speech detector tried for issue 12 (not used by countSpeakers, see
 * docs/proctoring-accuracy.md): a two-pitch harmonic residual per clip.
 *   node --import tsx packages/analysis/eval/overlap.ts
 * For every loud 64 ms frame of the VAD's speech: the strongest pitch f1 (harmonic sum of the
 * compressed spectrum, 80-400 Hz), its harmonics removed, then the strongest pitch f2 not
 * harmonically related to f1. The clip's score is the median of salience(f2) / salience(f1):
 * one voice leaves noise, two voices leave the second one's harmonics. Prints the score per clip
 * kind and what each threshold would add to the BIC count without turning a single speaker into two.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAudio, SAMPLE_RATE } from '../src/audio/decode-audio.ts';
import { fft } from '../src/audio/features.ts';
import { countSpeakers } from '../src/audio/speakers.ts';
import { createVad } from '../src/audio/vad.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const dir = path.join(here, '.cache/audio');
const N = 2048;
const W = 1024;
const HOP = 320;
const BIN_HZ = SAMPLE_RATE / N;
const MAX_BIN = Math.floor(2000 / BIN_HZ) + 2;
const hann = Float64Array.from({ length: W }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (W - 1)));

function salience(mag: Float64Array, f0: number): number {
  let s = 0;
  for (let h = 1; h * f0 < 2000 && h <= 15; h++) {
    const b = Math.round((h * f0) / BIN_HZ);
    s += Math.max(mag[b - 1], mag[b], mag[b + 1]) / (h + 1);
  }
  return s;
}

/** f within 6 % of f1 times or divided by 1-4, or 5 % of 1.5 f1 / f1 / 1.5 */
function related(f: number, f1: number): boolean {
  for (const k of [1, 2, 3, 4]) if (Math.abs(f / (f1 * k) - 1) < 0.06 || Math.abs((f * k) / f1 - 1) < 0.06) return true;
  return Math.abs(f / (f1 * 1.5) - 1) < 0.05 || Math.abs((f * 1.5) / f1 - 1) < 0.05;
}

function strongest(mag: Float64Array, f1 = 0): [number, number] {
  let best = 0;
  let bestF = 0;
  for (let f = 80; f <= 400; f += 2) {
    if (f1 && related(f, f1)) continue;
    const s = salience(mag, f);
    if (s > best) [best, bestF] = [s, f];
  }
  return [bestF, best];
}

export function overlapScore(segments: { audio: Float32Array }[]): number {
  const ratios: number[] = [];
  for (const { audio: x } of segments) {
    const energy: number[] = [];
    for (let off = 0; off + W <= x.length; off += HOP) {
      let e = 0;
      for (let i = 0; i < W; i++) e += x[off + i] ** 2;
      energy.push(Math.log(e / W + 1e-10));
    }
    const maxE = Math.max(...energy);
    for (let k = 0, off = 0; off + W <= x.length; off += HOP, k++) {
      if (energy[k] < maxE - 5) continue;
      const re = new Float64Array(N);
      const im = new Float64Array(N);
      for (let i = 0; i < W; i++) re[i] = x[off + i] * hann[i];
      fft(re, im);
      const mag = new Float64Array(MAX_BIN + 2);
      for (let b = 0; b < mag.length; b++) mag[b] = Math.sqrt(Math.hypot(re[b], im[b]));
      const [f1, s1] = strongest(mag);
      if (!f1) continue;
      for (let h = 1; h * f1 < 2000 + f1; h++) {
        const b = Math.round((h * f1) / BIN_HZ);
        for (let d = -2; d <= 2; d++) if (b + d >= 0 && b + d < mag.length) mag[b + d] = 0;
      }
      ratios.push(strongest(mag, f1)[1] / s1);
    }
  }
  ratios.sort((a, b) => a - b);
  return ratios.length ? ratios[ratios.length >> 1] : 0;
}

const labels = readFileSync(path.join(dir, 'labels.tsv'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
const vad = await createVad();
const rows: { kind: string; expected: number; bic: number; score: number }[] = [];
for (const [file, exp, kind] of labels) {
  if (exp === '0') continue;
  const pcm = await decodeAudio(readFileSync(path.join(dir, file)));
  const segments = await vad.segments(pcm, SAMPLE_RATE);
  rows.push({
    kind,
    expected: Math.min(2, Number(exp)),
    bic: Math.min(2, (await countSpeakers(pcm, vad)).speakers),
    score: overlapScore(segments),
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
