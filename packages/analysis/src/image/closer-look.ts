/**
 * A closer look for small faces (people at the back of the room): BlazeFace sees the whole
 * picture at 256 px, where a face 20-40 px wide in a 550 px picture is 10-20 px and often missed
 * or not confirmed by the mesh. The upper part of the picture, where the heads of people behind a
 * seated candidate are, is analysed again in three overlapping tiles, each enlarged to the
 * detector's input, with the faces already found painted over (so the candidate's face is not
 * counted again in pieces). A face found there counts only if the mesh confirms it like any other
 * and the detector is surer of it than on the whole picture (enlarged textures look like faces too).
 * Costs three detector passes (~100-120 ms of CPU): see ADR 0102 for when it runs.
 */
import type { RgbImage } from './decode-image.ts';
import type { Engine } from './human-engine.ts';
import { thresholds } from './thresholds.ts';

type Box = [number, number, number, number];

/**
 * tiles as fractions of the picture: [left, top, width, height]. Three overlapping tiles across the
 * upper 45 %: a 550x450 picture gives 220x203 tiles, which the detector sees at 1.16x (the whole
 * picture at 0.47x), so a face of 20 px is 23 px to it instead of 9 px.
 */
export const CLOSER_TILES: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 0.4, 0.45],
  [0.3, 0, 0.4, 0.45],
  [0.6, 0, 0.4, 0.45],
];

function tileOf(rgb: RgbImage, t: readonly number[], masks: Box[]): { img: RgbImage; x: number; y: number } {
  const x = Math.round(t[0] * rgb.width);
  const y = Math.round(t[1] * rgb.height);
  const w = Math.min(rgb.width - x, Math.round(t[2] * rgb.width));
  const h = Math.min(rgb.height - y, Math.round(t[3] * rgb.height));
  const data = Buffer.alloc(w * h * 3);
  for (let row = 0; row < h; row++)
    rgb.data.copy(data, row * w * 3, ((y + row) * rgb.width + x) * 3, ((y + row) * rgb.width + x + w) * 3);
  for (const [mx, my, mw, mh] of masks) {
    // the known face, widened by a fifth on each side, painted mid-grey
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
    const x0 = clamp(mx - 0.2 * mw - x, w);
    const x1 = clamp(mx + 1.2 * mw - x, w);
    const y0 = clamp(my - 0.2 * mh - y, h);
    const y1 = clamp(my + 1.2 * mh - y, h);
    if (x1 > x0) for (let row = y0; row < y1; row++) data.fill(128, (row * w + x0) * 3, (row * w + x1) * 3);
  }
  return { img: { data, width: w, height: h }, x, y };
}

const centre = (b: Box): [number, number] => [b[0] + b[2] / 2, b[1] + b[3] / 2];
const inside = ([cx, cy]: [number, number], b: Box, grow = 0.2) =>
  cx >= b[0] - grow * b[2] &&
  cx <= b[0] + (1 + grow) * b[2] &&
  cy >= b[1] - grow * b[3] &&
  cy <= b[1] + (1 + grow) * b[3];

export interface CloserFace {
  box: Box;
  boxScore: number;
  meshScore: number;
}

/**
 * Faces in the enlarged tiles that are not one of `known` (boxes in picture coordinates), confirmed
 * by the mesh like any face and with a clearer detection (closerBoxMin). A face cut by a tile's inner edge is left
 * to the other tile or to the main pass.
 */
export async function lookCloser(
  engine: Engine,
  rgb: RgbImage,
  known: Box[],
  tiles = CLOSER_TILES,
): Promise<CloserFace[]> {
  const found: CloserFace[] = [];
  for (const t of tiles) {
    const { img, x, y } = tileOf(rgb, t, known);
    const result = await engine.detect(img, { objects: false, embedding: false, authenticity: false, emotion: false });
    if (result.error) throw new Error(`detection failed: ${result.error}`);
    for (const f of result.face) {
      const box: Box = [f.box[0] + x, f.box[1] + y, f.box[2], f.box[3]];
      const cut =
        (x + img.width < rgb.width && f.box[0] + f.box[2] >= img.width - 2) ||
        (y + img.height < rgb.height && f.box[1] + f.box[3] >= img.height - 2) ||
        (x > 0 && f.box[0] <= 1);
      if (cut || f.faceScore < thresholds.faceMeshMin || f.boxScore < thresholds.closerBoxMin) continue;
      const c = centre(box);
      if (known.some((k) => inside(c, k)) || found.some((k) => inside(c, k.box, 0))) continue;
      found.push({ box, boxScore: f.boxScore, meshScore: f.faceScore });
    }
  }
  return found;
}
