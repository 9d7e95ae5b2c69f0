/**
 * Static faces (issue 12, fourth round; ADR 0103): a painting, poster or photo on the wall behind
 * the candidate is where it was when the primary picture was taken at the device setup, pixel for
 * pixel, while a person who came in since was not there (setup refuses a second face) and a person
 * never stays that still. A second face whose neighbourhood in the current picture matches the same
 * place in the primary picture (zero-mean normalised cross-correlation of luma, which ignores the
 * camera's gain and exposure, allowing the camera a small shift) is part of the room, not a person.
 *
 * Only faces other than the largest can be static: the candidate sitting as still as at setup must
 * never be taken for wall decoration. Pictures of different sizes (another camera) are not compared.
 * No model is run: two decoded pictures and a few thousand multiplications per face.
 */
import { decodeImage, type RgbImage } from './decode-image.ts';
import { thresholds } from './thresholds.ts';

type Box = readonly [number, number, number, number];

function luma(rgb: RgbImage): Float32Array {
  const out = new Float32Array(rgb.width * rgb.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3)
    out[i] = 0.299 * rgb.data[j] + 0.587 * rgb.data[j + 1] + 0.114 * rgb.data[j + 2];
  return out;
}

/** zero-mean normalised cross-correlation of the window (x0..x1, y0..y1) of a and the window shifted by (dx, dy) of b */
function ncc(
  a: Float32Array,
  b: Float32Array,
  width: number,
  [x0, y0, x1, y1]: [number, number, number, number],
  dx: number,
  dy: number,
): number {
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const va = a[y * width + x];
      const vb = b[(y + dy) * width + x + dx];
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
      n++;
    }
  }
  if (n === 0) return 0;
  const cov = sab - (sa * sb) / n;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  // a flat window (a blank wall in both) says nothing about a face: never "static"
  if (va < n * 4 || vb < n * 4) return 0;
  return cov / Math.sqrt(va * vb);
}

/**
 * For each face box (largest first, as ImageAnalysis gives them), how closely its neighbourhood
 * matches the same place in the reference picture (best over shifts of up to staticShiftPx): 0 for
 * the largest face and when the pictures differ in size.
 */
export function staticScores(current: RgbImage, reference: RgbImage, boxes: readonly Box[]): number[] {
  if (boxes.length < 2 || current.width !== reference.width || current.height !== reference.height)
    return boxes.map(() => 0);
  const a = luma(current);
  const b = luma(reference);
  const s = thresholds.staticShiftPx;
  return boxes.map(([x, y, w, h], k) => {
    if (k === 0) return 0;
    // the face and a margin of a quarter of its size, kept clear of the border by the shift
    const win: [number, number, number, number] = [
      Math.max(s, Math.round(x - 0.25 * w)),
      Math.max(s, Math.round(y - 0.25 * h)),
      Math.min(current.width - s, Math.round(x + 1.25 * w)),
      Math.min(current.height - s, Math.round(y + 1.25 * h)),
    ];
    if (win[2] - win[0] < 8 || win[3] - win[1] < 8) return 0;
    let best = -1;
    for (let dy = -s; dy <= s; dy++)
      for (let dx = -s; dx <= s; dx++) best = Math.max(best, ncc(a, b, current.width, win, dx, dy));
    return Math.round(best * 1e4) / 1e4;
  });
}

/** indexes of the faces (never the first, the largest) that are static against the reference */
export function staticFaceIndexes(current: RgbImage, reference: RgbImage, boxes: readonly Box[]): number[] {
  return staticScores(current, reference, boxes)
    .map((score, k) => (score >= thresholds.staticNccMin ? k : -1))
    .filter((k) => k > 0);
}

/**
 * The server's use: which of a periodic picture's faces (boxes as `face_boxes` gives them, largest
 * first) are static against the attempt's primary picture, both as stored JPEG/PNG/WebP bytes.
 * Decoded as for analysis (same size limit), so the boxes and the pixels agree.
 */
export async function staticFacesAgainst(image: Buffer, reference: Buffer, boxes: readonly Box[]): Promise<number[]> {
  if (boxes.length < 2) return [];
  const [current, ref] = await Promise.all([decodeImage(image), decodeImage(reference, 'primary image')]);
  return staticFaceIndexes(current, ref, boxes);
}
