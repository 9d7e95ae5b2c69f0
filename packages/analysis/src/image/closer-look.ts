/**
 * A closer look for small faces (people at the back of the room, a candidate far from the camera):
 * BlazeFace sees the whole picture at 256 px, where a face 20-40 px wide in a 550 px picture is
 * 10-20 px and often missed or not confirmed by the mesh. Parts of the picture are analysed again
 * in overlapping tiles, each seen by the detector at its 256 px input (enlarged), with the faces
 * already found painted over (so the candidate's face is not counted again in pieces). The tiles of
 * the whole-picture search are first enlarged twice with a Lanczos filter, so the face mesh, which
 * crops the face from the detector's input, gets a sharper small face than its own bilinear crop
 * would give (ADR 0104).
 * A face found there counts only if the mesh confirms it like any other and the detector is surer
 * of it than on the whole picture (enlarged textures look like faces too).
 * Costs one detector pass per tile (~30-40 ms of CPU each): see ADR 0102 and 0104 for when it runs.
 */
import sharp from 'sharp';
import type { RgbImage } from './decode-image.ts';
import type { Engine } from './human-engine.ts';
import { thresholds } from './thresholds.ts';
import { cutByTile, gridTiles, mergeNewFaces, type Box } from './tiles.ts';

/**
 * With a face found: three overlapping tiles across the upper 45 %, where the heads of people
 * behind a seated candidate are. A 550x450 picture gives 220x203 tiles, which the detector sees at
 * 1.16x (the whole picture at 0.47x), so a face of 20 px is 23 px to it instead of 9 px.
 */
export const behindTiles = (width: number, height: number): Box[] =>
  gridTiles(width, height, { cols: 3, rows: 1, size: [0.4, 0.45] });

/**
 * With no face found (ADR 0104): the whole picture in 4 x 3 tiles of about a third of its width
 * and 43 % of its height (192x192 in a 550x450 picture: the detector sees them at 1.33x), which
 * overlap by 64-73 px, so a face up to 60 px wide lies whole in at least one tile.
 */
export const searchTiles = (width: number, height: number): Box[] =>
  gridTiles(width, height, { cols: 4, rows: 3, size: [0.349, 0.427] });

/**
 * the search's tiles are enlarged this many times before detection (a sharper input for the mesh
 * of a face of 10-20 px); the tiles behind a face are not: there it changed the mesh score of a
 * larger face across 0.6 (ADR 0104)
 */
export const SEARCH_UPSCALE = 2;

async function tileOf(rgb: RgbImage, [x, y, w, h]: Box, masks: Box[], upscale: number): Promise<RgbImage> {
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
  if (upscale === 1) return { data, width: w, height: h };
  const big = await sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .resize(w * upscale, h * upscale, { kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: big.data, width: big.info.width, height: big.info.height };
}

export interface CloserFace {
  box: Box;
  boxScore: number;
  meshScore: number;
}

/**
 * Faces in the enlarged tiles that are not one of `known` (boxes in picture coordinates), confirmed
 * by the mesh like any face and with a clearer detection (closerBoxMin). A face cut by a tile's
 * inner edge is left to the neighbouring tile or to the main pass; the same face found by two
 * tiles counts once (tiles.ts).
 */
export async function lookCloser(
  engine: Engine,
  rgb: RgbImage,
  known: Box[],
  tiles = behindTiles(rgb.width, rgb.height),
  upscale = 1,
): Promise<CloserFace[]> {
  const found: (CloserFace & { score: number })[] = [];
  for (const tile of tiles) {
    const img = await tileOf(rgb, tile, known, upscale);
    const result = await engine.detect(img, { objects: false, embedding: false, authenticity: false, emotion: false });
    if (result.error) throw new Error(`detection failed: ${result.error}`);
    for (const f of result.face) {
      const box: Box = [
        f.box[0] / upscale + tile[0],
        f.box[1] / upscale + tile[1],
        f.box[2] / upscale,
        f.box[3] / upscale,
      ];
      if (cutByTile(box, tile, rgb.width, rgb.height)) continue;
      if (f.faceScore < thresholds.faceMeshMin || f.boxScore < thresholds.closerBoxMin) continue;
      found.push({ box, boxScore: f.boxScore, meshScore: f.faceScore, score: f.boxScore });
    }
  }
  return mergeNewFaces(known, found).map(({ box, boxScore, meshScore }) => ({ box, boxScore, meshScore }));
}
