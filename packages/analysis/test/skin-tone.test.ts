import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/image/decode-image.ts';
import { thresholds } from '../src/image/thresholds.ts';
import {
  colourShareAround,
  greyWorldGains,
  looksPhotographic,
  skinShare,
  whitePatchGains,
  type Gains,
} from '../src/image/skin-tone.ts';

/** a 100x100 picture of `bg` with a 40x40 square of `face` at (30, 30) */
function picture(bg: [number, number, number], face: [number, number, number]): RgbImage {
  const data = Buffer.alloc(100 * 100 * 3);
  for (let y = 0; y < 100; y++)
    for (let x = 0; x < 100; x++) {
      const c = x >= 30 && x < 70 && y >= 30 && y < 70 ? face : bg;
      data.set(c, (y * 100 + x) * 3);
    }
  return { data, width: 100, height: 100 };
}
const box = [30, 30, 40, 40] as const;
const SKIN: [number, number, number] = [200, 150, 120];
const GREY: [number, number, number] = [128, 128, 128];
const RED: [number, number, number] = [220, 40, 40];
/** the rule of analyse-image.ts as taken: a face passes in grey surroundings, or with skin tone */
const passes = (p: RgbImage) => looksPhotographic(p, box);
/** and with the picture's colour cast taken out, as analyse-image.ts judges it */
const passesBalanced = (p: RgbImage) => looksPhotographic(p, box, [greyWorldGains(p), whitePatchGains(p)]);

/** the picture as a camera with per-channel gains `k` (a colour cast) would take it */
function tinted(p: RgbImage, k: Gains): RgbImage {
  const data = Buffer.from(p.data);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.round(data[i] * k[i % 3]));
  return { ...p, data };
}

/** a room of cool and warm halves (grey on average) with a skin-toned face */
function room(): RgbImage {
  const p = picture([100, 120, 160], SKIN);
  for (let y = 0; y < 100; y++)
    for (let x = 50; x < 100; x++) if (!(x < 70 && y >= 30 && y < 70)) p.data.set([160, 120, 100], (y * 100 + x) * 3);
  return p;
}

/** grey with sensor noise of +-amp on each channel (seeded) */
function noisyGrey(amp: number): RgbImage {
  const p = picture(GREY, [110, 110, 110]);
  let s = 5;
  for (let i = 0; i < p.data.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    p.data[i] = Math.max(0, Math.min(255, p.data[i] + ((s >> 8) % (2 * amp + 1)) - amp));
  }
  return p;
}

describe('photographic check of a face box', () => {
  it('a skin-toned face passes among colours', () => {
    expect(skinShare(picture(RED, SKIN), box)).toBe(1);
    expect(passes(picture(RED, SKIN))).toBe(true);
  });

  it('a grey (drawn or printed) face among colours is dropped', () => {
    const p = picture(RED, GREY);
    expect(skinShare(p, box)).toBe(0);
    expect(colourShareAround(p, box)).toBeGreaterThan(0.5);
    expect(passes(p)).toBe(false);
  });

  it('a face in grey surroundings (greyscale camera, black-and-white photo) is not judged by colour', () => {
    const p = picture(GREY, [90, 90, 90]);
    expect(colourShareAround(p, box)).toBe(0);
    expect(passes(p)).toBe(true);
  });

  it('a face under a fluorescent (green) cast passes once the cast is taken out', () => {
    const p = tinted(room(), [0.8, 1.1, 0.9]);
    expect(passes(room())).toBe(true);
    expect(skinShare(p, box)).toBeLessThan(thresholds.faceSkinMin);
    expect(passes(p)).toBe(false);
    expect(passesBalanced(p)).toBe(true);
  });

  it('a face under a cool LED cast passes once the cast is taken out', () => {
    const p = tinted(room(), [0.8, 0.95, 1.3]);
    expect(passes(p)).toBe(false);
    expect(passesBalanced(p)).toBe(true);
  });

  it('a grey face drawn on a red poster is still dropped with the cast taken out', () => {
    expect(passesBalanced(picture(RED, GREY))).toBe(false);
  });

  it('a line drawing on cream paper is dropped: only the skin tone is judged after a balance', () => {
    const p = picture([245, 240, 225], [245, 240, 225]);
    // balanced, the paper is grey: judged as "grey surroundings" it would pass
    expect(colourShareAround(p, box, 2, whitePatchGains(p))).toBeLessThan(thresholds.colourAroundMin);
    expect(colourShareAround(p, box)).toBeGreaterThan(thresholds.colourAroundMin);
    expect(passesBalanced(p)).toBe(false);
  });

  it("a sensor's colour noise on a grey picture is not colour", () => {
    const p = noisyGrey(12);
    expect(colourShareAround(p, box)).toBeLessThan(thresholds.colourAroundMin);
    expect(passes(p)).toBe(true);
  });

  it('grey-world gains make the mean grey, within the largest gain allowed', () => {
    const [r, g, b] = greyWorldGains(tinted(picture(GREY, GREY), [0.8, 1, 1.2]));
    expect(r * 0.8).toBeCloseTo(1, 1);
    expect(b * 1.2).toBeCloseTo(1, 1);
    expect(g).toBeCloseTo(1, 1);
    const red = greyWorldGains(picture(RED, RED));
    expect(Math.max(...red)).toBeLessThanOrEqual(thresholds.maxWhiteBalanceGain);
    expect(Math.min(...red)).toBeGreaterThanOrEqual(1 / thresholds.maxWhiteBalanceGain);
  });

  it('white-patch gains make the brightest part white', () => {
    const [r, g, b] = whitePatchGains(picture([250, 225, 200], [120, 100, 90]));
    expect(r).toBeCloseTo(1, 2);
    expect(g * 225).toBeCloseTo(250, 0);
    expect(b * 200).toBeCloseTo(250, 0);
  });
});
