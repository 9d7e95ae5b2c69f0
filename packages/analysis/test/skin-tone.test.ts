import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/image/decode-image.ts';
import { colourShareAround, skinShare } from '../src/image/skin-tone.ts';
import { thresholds } from '../src/image/thresholds.ts';

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
/** the rule of analyse-image.ts: a face passes in grey surroundings, or with skin tone */
const passes = (p: RgbImage) =>
  colourShareAround(p, box) < thresholds.colourAroundMin || skinShare(p, box) >= thresholds.faceSkinMin;

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
});
