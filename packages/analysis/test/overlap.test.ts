import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../src/audio/decode-audio.ts';
import { overlapsBaseline, overlapScore, usableBaseline } from '../src/audio/overlap.ts';

/** A voiced sound: harmonics 1-12 of a pitch gliding slowly around f0 (1/h amplitudes). */
function voice(f0: number, seconds: number, gain = 0.3): Float32Array {
  const x = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (2 * Math.PI * f0 * (1 + 0.03 * Math.sin(2 * Math.PI * 0.7 * t))) / SAMPLE_RATE;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h;
    x[i] = gain * 0.3 * v;
  }
  return x;
}
const mix = (a: Float32Array, b: Float32Array) => a.map((v, i) => v + (b[i] ?? 0));

describe('overlap score (two pitch tracks)', () => {
  it('is higher when a second voice talks over the first than for either voice alone', () => {
    const low = voice(110, 3);
    const high = voice(185, 3, 0.24);
    const alone = Math.max(overlapScore([{ audio: low }]), overlapScore([{ audio: high }]));
    const both = overlapScore([{ audio: mix(low, high) }]);
    expect(both).toBeGreaterThan(alone + 0.1);
  });

  it('is 0 without speech segments', () => {
    expect(overlapScore([])).toBe(0);
  });
});

describe('overlap judged against the candidate baseline', () => {
  it('needs an earlier single-speaker sample: the first sample is never turned into two', () => {
    expect(overlapsBaseline(0.9, [])).toBe(false);
  });

  it('flags a sample more than the margin above the mean of the latest single samples', () => {
    expect(overlapsBaseline(0.6, [0.55, 0.56])).toBe(true); // 0.045 over 0.555
    expect(overlapsBaseline(0.58, [0.55, 0.56])).toBe(false); // 0.025 over: the same voice varies this much
    // only the 5 latest count: an old low sample does not lower the baseline forever
    expect(overlapsBaseline(0.6, [0.4, 0.58, 0.58, 0.58, 0.58, 0.58])).toBe(false);
  });

  it('ignores missing scores (samples from before the detector)', () => {
    expect(overlapsBaseline(0.6, [0, 0])).toBe(false);
    expect(overlapsBaseline(0, [0.5])).toBe(false);
  });
});

describe('the setup voice sample as a baseline', () => {
  it('is kept only with one voice, 4 s of speech and a score one voice alone reaches', () => {
    expect(usableBaseline({ speakers: 1, speechSeconds: 8, overlap: 0.55 })).toBe(true);
    expect(usableBaseline({ speakers: 2, speechSeconds: 8, overlap: 0.55 })).toBe(false);
    expect(usableBaseline({ speakers: 1, speechSeconds: 3.9, overlap: 0.55 })).toBe(false);
    expect(usableBaseline({ speakers: 1, speechSeconds: 8, overlap: 0.63 })).toBe(false);
    expect(usableBaseline({ speakers: 1, speechSeconds: 8, overlap: 0 })).toBe(false);
    expect(usableBaseline({ speakers: 1, speechSeconds: 8 })).toBe(false);
  });
});
