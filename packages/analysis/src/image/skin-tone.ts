/**
 * A "photographic" check on a confirmed face: among colours, a real face has skin-toned pixels
 * (YCbCr rule) in the middle of its box; a drawn or painted cartoon face on a coloured poster often
 * has none. A face with grey surroundings (a greyscale or infrared webcam, a black-and-white photo)
 * is not judged by colour.
 * Thresholds: packages/analysis/src/image/thresholds.ts; figures: docs/proctoring-accuracy.md.
 */
import type { RgbImage } from './decode-image.ts';
import { thresholds } from './thresholds.ts';

type Box = readonly [number, number, number, number];

/** per-channel gains applied to a pixel before its colour is judged */
export type Gains = readonly [number, number, number];
const NONE: Gains = [1, 1, 1];

/** YCbCr chroma of a pixel: Cb and Cr, 128 for grey */
const cbOf = (r: number, g: number, b: number) => 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
const crOf = (r: number, g: number, b: number) => 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * Grey-world white balance of a picture: the gains that make its mean colour grey (every 4th pixel
 * and row), each kept within [1/maxWhiteBalanceGain, maxWhiteBalanceGain]. A webcam under
 * fluorescent or cool LED light, or with a poor automatic white balance, tints the whole picture:
 * a pale face then has no pixel in the skin-tone range until the tint is taken out.
 */
export function greyWorldGains(rgb: RgbImage): Gains {
  const sum = [0, 0, 0];
  for (let row = 0; row < rgb.height; row += 4) {
    for (let col = 0; col < rgb.width; col += 4) {
      const i = (row * rgb.width + col) * 3;
      sum[0] += rgb.data[i];
      sum[1] += rgb.data[i + 1];
      sum[2] += rgb.data[i + 2];
    }
  }
  const mean = (sum[0] + sum[1] + sum[2]) / 3;
  const max = thresholds.maxWhiteBalanceGain;
  const gain = (c: number) => (c > 0 ? Math.min(max, Math.max(1 / max, mean / c)) : 1);
  return [gain(sum[0]), gain(sum[1]), gain(sum[2])];
}

/**
 * share of pixels whose chroma is away from grey, over the face box widened to `grow` times its
 * size (the mean of every 2x2 block): 0 around a face in a greyscale picture or a black-and-white photo
 */
export function colourShareAround(rgb: RgbImage, box: Box, grow = 2, k: Gains = NONE): number {
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x - ((grow - 1) / 2) * w));
  const x1 = Math.min(rgb.width, Math.round(x + ((grow + 1) / 2) * w));
  const y0 = Math.max(0, Math.round(y - ((grow - 1) / 2) * h));
  const y1 = Math.min(rgb.height, Math.round(y + ((grow + 1) / 2) * h));
  let coloured = 0;
  let n = 0;
  const d = rgb.data;
  const s = rgb.width * 3;
  const [kr, kg, kb] = k;
  // each 2x2 block's mean colour: a sensor's colour noise in low light averages out, colours do not
  for (let row = y0; row + 1 < y1; row += 2) {
    for (let col = x0; col + 1 < x1; col += 2) {
      const i = (row * rgb.width + col) * 3;
      const r = (kr * (d[i] + d[i + 3] + d[i + s] + d[i + s + 3])) / 4;
      const g = (kg * (d[i + 1] + d[i + 4] + d[i + s + 1] + d[i + s + 4])) / 4;
      const b = (kb * (d[i + 2] + d[i + 5] + d[i + s + 2] + d[i + s + 5])) / 4;
      if (Math.abs(cbOf(r, g, b) - 128) + Math.abs(crOf(r, g, b) - 128) > 10) coloured++;
      n++;
    }
  }
  return n ? coloured / n : 0;
}

/** share of skin-toned pixels in the middle 60 % of a face box (YCbCr: Cb 77-127, Cr 133-173) */
export function skinShare(rgb: RgbImage, box: Box, k: Gains = NONE): number {
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x + 0.2 * w));
  const x1 = Math.min(rgb.width, Math.round(x + 0.8 * w));
  const y0 = Math.max(0, Math.round(y + 0.2 * h));
  const y1 = Math.min(rgb.height, Math.round(y + 0.8 * h));
  let skin = 0;
  let n = 0;
  const d = rgb.data;
  const [kr, kg, kb] = k;
  for (let row = y0; row < y1; row++) {
    for (let col = x0; col < x1; col++) {
      const i = (row * rgb.width + col) * 3;
      const r = kr * d[i];
      const g = kg * d[i + 1];
      const b = kb * d[i + 2];
      const cb = cbOf(r, g, b);
      const cr = crOf(r, g, b);
      if (cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
      n++;
    }
  }
  return n ? skin / n : 0;
}

/**
 * The photographic rule for a confirmed face: in grey surroundings (as taken) it is not judged by
 * colour; among colours it needs skin-toned pixels in the middle of its box, as taken or with the
 * picture's colour cast taken out by one of `balances`, so a tinted camera does not turn a
 * candidate into "no face". Only the skin tone is judged after a balance: a line drawing on cream
 * paper would turn "grey" and be exempt (ADR 0218).
 */
export function looksPhotographic(rgb: RgbImage, box: Box, balances: readonly Gains[] = []): boolean {
  if (colourShareAround(rgb, box) < thresholds.colourAroundMin) return true;
  return [NONE, ...balances].some((k) => skinShare(rgb, box, k) >= thresholds.faceSkinMin);
}

/** white-patch balance: the gains that make the brightest 1 % of each channel equal (every 4th pixel) */
export function whitePatchGains(rgb: RgbImage): Gains {
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let row = 0; row < rgb.height; row += 4) {
    for (let col = 0; col < rgb.width; col += 4) {
      const i = (row * rgb.width + col) * 3;
      for (let c = 0; c < 3; c++) hist[c][rgb.data[i + c]]++;
      n++;
    }
  }
  const top = hist.map((h) => {
    let left = n * 0.01;
    for (let v = 255; v > 0; v--) if ((left -= h[v]) <= 0) return v;
    return 1;
  });
  const ref = Math.max(...top);
  const max = thresholds.maxWhiteBalanceGain;
  const gain = (c: number) => Math.min(max, Math.max(1 / max, ref / Math.max(1, c)));
  return [gain(top[0]), gain(top[1]), gain(top[2])];
}
