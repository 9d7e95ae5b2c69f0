/**
 * A "photographic" check on a confirmed face: among colours, a real face has skin-toned pixels
 * (YCbCr rule) in the middle of its box; a drawn or painted cartoon face on a coloured poster often
 * has none. A face with grey surroundings (a greyscale or infrared webcam, a black-and-white photo)
 * is not judged by colour.
 * Thresholds: packages/analysis/src/image/thresholds.ts; figures: docs/proctoring-accuracy.md.
 */
import type { RgbImage } from './decode-image.ts';

type Box = readonly [number, number, number, number];

function chroma(r: number, g: number, b: number): [number, number] {
  return [128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b];
}

/**
 * share of pixels whose chroma is away from grey, over the face box widened to `grow` times its
 * size (every 2nd pixel and row): 0 around a face in a greyscale picture or a black-and-white photo
 */
export function colourShareAround(rgb: RgbImage, box: Box, grow = 2): number {
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x - ((grow - 1) / 2) * w));
  const x1 = Math.min(rgb.width, Math.round(x + ((grow + 1) / 2) * w));
  const y0 = Math.max(0, Math.round(y - ((grow - 1) / 2) * h));
  const y1 = Math.min(rgb.height, Math.round(y + ((grow + 1) / 2) * h));
  let coloured = 0;
  let n = 0;
  for (let row = y0; row < y1; row += 2) {
    for (let col = x0; col < x1; col += 2) {
      const i = (row * rgb.width + col) * 3;
      const [cb, cr] = chroma(rgb.data[i], rgb.data[i + 1], rgb.data[i + 2]);
      if (Math.abs(cb - 128) + Math.abs(cr - 128) > 10) coloured++;
      n++;
    }
  }
  return n ? coloured / n : 0;
}

/** share of skin-toned pixels in the middle 60 % of a face box (YCbCr: Cb 77-127, Cr 133-173) */
export function skinShare(rgb: RgbImage, box: Box): number {
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x + 0.2 * w));
  const x1 = Math.min(rgb.width, Math.round(x + 0.8 * w));
  const y0 = Math.max(0, Math.round(y + 0.2 * h));
  const y1 = Math.min(rgb.height, Math.round(y + 0.8 * h));
  let skin = 0;
  let n = 0;
  for (let row = y0; row < y1; row++) {
    for (let col = x0; col < x1; col++) {
      const i = (row * rgb.width + col) * 3;
      const [cb, cr] = chroma(rgb.data[i], rgb.data[i + 1], rgb.data[i + 2]);
      if (cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
      n++;
    }
  }
  return n ? skin / n : 0;
}
