/**
 * Overlapping speech: a two-pitch harmonic residual (docs/proctoring-accuracy.md, ADR 0101).
 * For every loud 64 ms frame of the VAD's speech: the strongest pitch f1 (harmonic sum of the
 * compressed spectrum, 80-400 Hz), its harmonics removed, then the strongest pitch f2 not
 * harmonically related to f1. The clip's score is the median of salience(f2) / salience(f1):
 * one voice leaves noise, two voices leave the second one's harmonics.
 *
 * The level of one voice alone varies between voices about as much as overlap raises it, so the
 * score is judged against the same candidate's earlier single-speaker samples, never alone.
 */
import { SAMPLE_RATE } from './decode-audio.ts';
import { fft } from './features.ts';

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

/** The median two-pitch residual ratio over the loud frames of the speech segments (0 without any). */
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

export const overlapParams = {
  /** a sample counts as two speakers when its score is this far above the candidate's baseline */
  margin: 0.035,
  /** earlier single-speaker samples averaged into the baseline (the most recent ones) */
  baselineSamples: 5,
  /**
   * a setup sample (the candidate alone, before the test) is a baseline only with this much speech
   * (seconds) and a score no higher than baselineMax: above it, the highest single voice of the
   * evaluation (0.61) is passed and a second voice may be talking, so the sample is not trusted
   */
  baselineMinSpeech: 4,
  baselineMax: 0.62,
};

/**
 * Whether a setup sample may serve as the candidate's baseline: one speaker by BIC, enough speech,
 * and a score that one voice alone reaches. Refusing one costs only sensitivity (the first sample
 * is then judged by BIC alone), never a false alarm.
 */
export function usableBaseline(
  r: { speakers: number; speechSeconds: number; overlap?: number },
  p = overlapParams,
): boolean {
  const score = r.overlap ?? 0;
  return r.speakers === 1 && r.speechSeconds >= p.baselineMinSpeech && score > 0 && score <= p.baselineMax;
}

/**
 * True when a sample's overlap score says a second voice talks over the candidate: its score is
 * more than `margin` above the mean of the candidate's earlier samples judged single-speaker. With
 * no earlier sample there is no baseline and the answer is false (BIC alone decides).
 */
export function overlapsBaseline(score: number, earlierSingleScores: number[], p = overlapParams): boolean {
  const recent = earlierSingleScores.filter((s) => s > 0).slice(-p.baselineSamples);
  if (!recent.length || !(score > 0)) return false;
  const baseline = recent.reduce((a, b) => a + b, 0) / recent.length;
  return score - baseline > p.margin;
}
