/**
 * A closer look for small faces (people at the back of the room, a candidate far from the camera):
 * BlazeFace sees the whole picture at 256 px, where a face 20-40 px wide in a 550 px picture is
 * 10-20 px and often missed or not confirmed by the mesh. Two ways, with the faces already found
 * painted over (so the candidate's face is not counted again in pieces):
 * - three overlapping tiles across the upper part, each seen by the detector at its 256 px input
 *   (one detector pass each, ~30-40 ms of CPU; ADR 0102: on a check without the scene pass, on a hint);
 * - the second look: FaceBoxes at 1024 px (faceboxes.ts, ADR 0225) over the whole picture, and
 *   SSD MobileNet v1 at 512 px (ssd-faces.ts) too when no face was found, each candidate confirmed by Human in a crop around it enlarged twice with a Lanczos filter, so the
 *   face mesh, which crops the face from the detector's input, gets a sharper small face than its own
 *   bilinear crop would give (ADR 0104, 0105: on the scene pass and at setup).
 * A face found either way counts only if the mesh confirms it like any other and the detector is
 * surer of it than on the whole picture (enlarged textures look like faces too). One exception, in
 * a crowd only (two faces or more already): a small FaceBoxes candidate the mesh refused may count on
 * a second detector's opinion (MediaPipe's short-range BlazeFace, front-faces.ts, ADR 0236).
 */
import sharp from 'sharp';
import type { RgbImage } from './decode-image.ts';
import type { FrontDetector } from './front-faces.ts';
import type { Engine } from './human-engine.ts';
import { thresholds } from './thresholds.ts';
import { cropAround, cutByTile, gridTiles, inside, iou, mergeNewFaces, type Box } from './tiles.ts';

/**
 * With a face found: three overlapping tiles across the upper 45 %, where the heads of people
 * behind a seated candidate are. A 550x450 picture gives 220x203 tiles, which the detector sees at
 * 1.16x (the whole picture at 0.47x), so a face of 20 px is 23 px to it instead of 9 px.
 */
export const behindTiles = (width: number, height: number): Box[] =>
  gridTiles(width, height, { cols: 3, rows: 1, size: [0.4, 0.45] });

/**
 * The crops of the second look's candidates (confirmSecondLook) are enlarged this many times with
 * Lanczos before detection: a sharper input for the mesh of a face of 10-20 px (ADR 0104, 0105).
 * The tiles behind a face are not: there it changed the mesh score of a larger face across 0.6.
 */
export const SEARCH_UPSCALE = 2;

/**
 * a candidate of the second detector is confirmed in a square crop centred on it, as wide as the
 * 4 x 3 search tiles of ADR 0104 were (0.349 of the picture's width: 192 px of 550) or three times
 * the face if larger, enlarged SEARCH_UPSCALE times like those tiles (ADR 0105)
 */
export const CONFIRM_SIDE = 0.349;

/**
 * A small candidate (larger side at most closeLookMaxPx) that Human did not confirm in that crop is
 * looked at once more, closer: a crop of CLOSE_FACTOR times the candidate (at least CLOSE_MIN_PX),
 * enlarged to CLOSE_SIDE_PX, so a face of 14-20 px is 53-64 px in what Human sees instead of 28-40
 * (ADR 0234). The wide crop comes first: it is what confirmed every face so far, and a larger face's
 * mesh score can fall when enlarged further (ADR 0104).
 */
export const CLOSE_FACTOR = 6;
export const CLOSE_MIN_PX = 96;
export const CLOSE_SIDE_PX = 384;

/** a crop of the picture and how many times it is enlarged before Human looks at it */
export interface ConfirmCrop {
  crop: Box;
  upscale: number;
}

/**
 * Where a candidate of the second look is confirmed, in order: the wide crop enlarged twice (ADR
 * 0105), then, for a small candidate only, the close crop (ADR 0234). Pure geometry.
 */
export function confirmCrops(box: Box, width: number, height: number): ConfirmCrop[] {
  const crops: ConfirmCrop[] = [
    { crop: cropAround(box, width, height, 3, Math.round(CONFIRM_SIDE * width)), upscale: SEARCH_UPSCALE },
  ];
  if (Math.max(box[2], box[3]) <= thresholds.closeLookMaxPx) {
    const crop = cropAround(box, width, height, CLOSE_FACTOR, CLOSE_MIN_PX);
    crops.push({ crop, upscale: CLOSE_SIDE_PX / Math.max(crop[2], crop[3]) });
  }
  return crops;
}

export async function tileOf(rgb: RgbImage, [x, y, w, h]: Box, masks: Box[], upscale: number): Promise<RgbImage> {
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
    .resize(Math.round(w * upscale), Math.round(h * upscale), { kernel: 'lanczos3' })
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

/**
 * a detection of the second detector that is kept without Human's confirmation: very sure, and
 * too small for the mesh to judge (ADR 0217)
 */
export const trustedAlone = (d: { box: Box; score: number }): boolean =>
  d.score >= thresholds.ssdTrustMin && Math.max(d.box[2], d.box[3]) <= thresholds.ssdTrustMaxPx;

/** a candidate face of the second look: where, how sure its detector is, and whether that was SSD */
export interface Candidate {
  box: Box;
  score: number;
  ssd: boolean;
}

/**
 * The second look's candidates (ADR 0105, 0225), as pure geometry: SSD's detections that are not a
 * `known` face (one each, the surest of those overlapping), then FaceBoxes' detections that are
 * neither a known face nor one SSD already has (the same rule: centre in it, or overlapping by more
 * than 0.3), each once. The ones SSD may be trusted with alone (trustedAlone) come first; then, for
 * Human to confirm, the rest of both, surest first, at most `maxConfirm`.
 */
export function secondLookCandidates(
  known: Box[],
  ssd: { box: Box; score: number }[],
  faceboxes: { box: Box; score: number }[],
  maxConfirm: number,
): { trusted: Candidate[]; toConfirm: Candidate[] } {
  const fromSsd = mergeNewFaces(known, ssd).map((d) => ({ ...d, ssd: true }));
  const fromFaceBoxes = mergeNewFaces(
    [...known, ...fromSsd.map((d) => d.box)],
    faceboxes.filter((d) => !fromSsd.some((s) => iou(s.box, d.box) > 0.3)),
  ).map((d) => ({ ...d, ssd: false }));
  const trusted = fromSsd.filter(trustedAlone);
  const toConfirm = [...fromSsd.filter((d) => !trustedAlone(d)), ...fromFaceBoxes]
    .sort((a, b) => b.score - a.score)
    .slice(0, maxConfirm);
  return { trusted, toConfirm };
}

/**
 * The face Human finds in `crop` of the picture (the `known` faces painted over, enlarged `upscale`
 * times) whose centre lies in the candidate's box (widened by a quarter), with the mesh score and box
 * score of the closer look; null if none.
 */
async function confirmedIn(
  engine: Engine,
  rgb: RgbImage,
  candidate: Box,
  crop: Box,
  upscale: number,
  known: Box[],
): Promise<CloserFace | null> {
  const img = await tileOf(rgb, crop, known, upscale);
  const sx = img.width / crop[2];
  const sy = img.height / crop[3];
  const result = await engine.detect(img, { objects: false, embedding: false, authenticity: false, emotion: false });
  if (result.error) throw new Error(`detection failed: ${result.error}`);
  for (const f of result.face) {
    const box: Box = [f.box[0] / sx + crop[0], f.box[1] / sy + crop[1], f.box[2] / sx, f.box[3] / sy];
    if (f.faceScore < thresholds.faceMeshMin || f.boxScore < thresholds.closerBoxMin) continue;
    if (!inside([box[0] + box[2] / 2, box[1] + box[3] / 2], candidate, 0.25)) continue;
    return { box, boxScore: f.boxScore, meshScore: f.faceScore };
  }
  return null;
}

/**
 * Faces found by the second look that are not one of `known` (ADR 0225): the candidates of FaceBoxes
 * (faceboxes.ts) and, when Human found no face at all, of SSD MobileNet v1 too (ssd-faces.ts, ADR
 * 0105), as secondLookCandidates gives them. SSD costs ~200 ms of CPU, and what it sees that
 * FaceBoxes does not is a lone face of 11-14 px it can be very sure of (a candidate far from the
 * camera), which it may be trusted with alone (ADR 0217); with a face found, FaceBoxes alone finds
 * as many of the faces behind it, for 170 ms instead of 370. Any candidate not trusted alone is
 * confirmed like a face of the closer look: the crops of confirmCrops (the wide one, then for a
 * small candidate the close one) are analysed by Human in turn, and the first face with the mesh
 * score and box score of the closer look whose centre lies in the candidate's box is kept (its box
 * from Human). At most secondMaxConfirm candidates are confirmed, the surest first (one detector
 * pass each, two for a small candidate the wide crop did not confirm; only a crowd has that many).
 * In a picture with at least crowdMinFaces faces by then, a small FaceBoxes candidate Human refused
 * in both crops is counted when MediaPipe's short-range BlazeFace is sure of it in the close crop
 * (crowdSecondOpinion, ADR 0236; one pass of ~10 ms of CPU each, never for a lone candidate).
 */
export async function confirmSecondLook(engine: Engine, rgb: RgbImage, known: Box[]): Promise<CloserFace[]> {
  const faceboxes = engine.faceboxes ? await engine.faceboxes.detect(rgb, thresholds.faceBoxesMin) : [];
  const ssd = known.length === 0 && engine.ssd ? await engine.ssd.detect(rgb, thresholds.ssdMin) : [];
  const { trusted, toConfirm } = secondLookCandidates(known, ssd, faceboxes, thresholds.secondMaxConfirm);
  const found: (CloserFace & { score: number })[] = trusted.map((d) => ({
    box: d.box,
    boxScore: d.score,
    meshScore: 0,
    score: d.score,
  }));
  const refused: Candidate[] = [];
  for (const d of toConfirm) {
    let face: CloserFace | null = null;
    for (const { crop, upscale } of confirmCrops(d.box, rgb.width, rgb.height)) {
      face = await confirmedIn(engine, rgb, d.box, crop, upscale, known);
      if (face) break;
    }
    if (face) found.push({ ...face, score: d.score });
    else refused.push(d);
  }
  if (engine.front) {
    const masks = [...known, ...found.map((f) => f.box)];
    for (const d of crowdSecondOpinion(known.length + found.length, refused)) {
      const score = await frontOpinion(engine.front, rgb, d.box, masks);
      if (score >= thresholds.crowdFrontMin) found.push({ box: d.box, boxScore: score, meshScore: 0, score: d.score });
    }
  }
  return mergeNewFaces(known, found).map(({ box, boxScore, meshScore }) => ({ box, boxScore, meshScore }));
}

/**
 * The candidates Human refused in both crops that get a second opinion (ADR 0236), as pure
 * logic: none unless the picture already has crowdMinFaces faces (a lone candidate pays nothing and
 * gains nothing); then FaceBoxes' small ones (larger side at most closeLookMaxPx, the size the mesh
 * cannot judge) it gave at least crowdFaceBoxesMin. SSD's are not asked again: SSD runs only when no
 * face was found.
 */
export function crowdSecondOpinion(faces: number, refused: Candidate[]): Candidate[] {
  if (faces < thresholds.crowdMinFaces) return [];
  return refused.filter(
    (d) =>
      !d.ssd && d.score >= thresholds.crowdFaceBoxesMin && Math.max(d.box[2], d.box[3]) <= thresholds.closeLookMaxPx,
  );
}

/**
 * How sure MediaPipe's short-range BlazeFace (front-faces.ts) is of a face whose centre lies in the
 * candidate's box (widened by a quarter), in the candidate's close crop (confirmCrops: 6 times its
 * size, at least 96 px) with the faces already found painted over; 0 if it sees none there.
 */
async function frontOpinion(front: FrontDetector, rgb: RgbImage, candidate: Box, masks: Box[]): Promise<number> {
  const crop = cropAround(candidate, rgb.width, rgb.height, CLOSE_FACTOR, CLOSE_MIN_PX);
  const img = await tileOf(rgb, crop, masks, 1);
  let best = 0;
  for (const f of await front.detect(img, thresholds.crowdFrontMin)) {
    const box: Box = [f.box[0] + crop[0], f.box[1] + crop[1], f.box[2], f.box[3]];
    if (inside([box[0] + box[2] / 2, box[1] + box[3] / 2], candidate, 0.25)) best = Math.max(best, f.score);
  }
  return best;
}
