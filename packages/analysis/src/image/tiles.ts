/**
 * Pure geometry of the closer look (closer-look.ts): where the tiles of a picture are, which
 * detections a tile cut, and which detections are new faces once the tiles' overlaps are merged.
 * No model here, so it is unit-tested on its own (test/tiles.test.ts).
 */

/** [x, y, width, height] in pixels */
export type Box = [number, number, number, number];

/**
 * `cols` x `rows` tiles of `size` (fractions of the picture's width and height), spread evenly
 * from edge to edge: the first tile starts at 0, the last ends at the picture's edge, so
 * neighbours overlap by (cols x size - 1) / (cols - 1) of the picture. `rows` tiles reach down to
 * `reach` of the picture's height (1: the whole picture).
 */
export function gridTiles(
  width: number,
  height: number,
  { cols, rows, size, reach = 1 }: { cols: number; rows: number; size: [number, number]; reach?: number },
): Box[] {
  const w = Math.min(width, Math.round(size[0] * width));
  const h = Math.min(height, Math.round(size[1] * height));
  const bottom = Math.min(height, Math.round(reach * height));
  const at = (n: number, k: number, span: number, len: number) =>
    n === 1 ? 0 : Math.round((k * Math.max(0, span - len)) / (n - 1));
  const tiles: Box[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) tiles.push([at(cols, c, width, w), at(rows, r, bottom, h), w, h]);
  return tiles;
}

/**
 * true when a detection (in picture coordinates) touches an edge of its tile that is not an edge
 * of the picture: the face may go on beyond the tile, and a neighbouring tile, which overlaps
 * this one, sees it whole.
 */
export function cutByTile(box: Box, tile: Box, width: number, height: number, margin = 2): boolean {
  const [x, y, w, h] = box;
  const [tx, ty, tw, th] = tile;
  return (
    (tx > 0 && x <= tx + margin - 1) ||
    (ty > 0 && y <= ty + margin - 1) ||
    (tx + tw < width && x + w >= tx + tw - margin) ||
    (ty + th < height && y + h >= ty + th - margin)
  );
}

const centre = (b: Box): [number, number] => [b[0] + b[2] / 2, b[1] + b[3] / 2];

/** whether point `p` lies in `b` widened by `grow` of its size on each side */
export function inside([cx, cy]: [number, number], b: Box, grow = 0): boolean {
  return (
    cx >= b[0] - grow * b[2] &&
    cx <= b[0] + (1 + grow) * b[2] &&
    cy >= b[1] - grow * b[3] &&
    cy <= b[1] + (1 + grow) * b[3]
  );
}

/** intersection over union of two boxes */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const i = w * h;
  return i / (a[2] * a[3] + b[2] * b[3] - i);
}

/**
 * The new faces among detections from overlapping tiles: the same face is found by two tiles,
 * and a face already `known` (found on the whole picture) may be found again. Detections are
 * taken by decreasing score (non-maximum suppression); one is dropped when its centre lies in a
 * known face (widened by a fifth: a piece of the candidate's face or hair), or in a face already
 * kept, or when it overlaps a kept one by more than `maxIou`.
 */
export function mergeNewFaces<T extends { box: Box; score: number }>(known: Box[], found: T[], maxIou = 0.3): T[] {
  const kept: T[] = [];
  for (const f of [...found].sort((a, b) => b.score - a.score)) {
    const c = centre(f.box);
    if (known.some((k) => inside(c, k, 0.2))) continue;
    if (kept.some((k) => inside(c, k.box) || iou(k.box, f.box) > maxIou)) continue;
    kept.push(f);
  }
  return kept;
}

/**
 * The square crop around a detection that the second detector's candidates are confirmed in
 * (closer-look.ts): `factor` times the box's larger side (at least `min` px), centred on the box,
 * moved inside the picture where it would cross an edge (and cut to the picture if larger).
 */
export function cropAround(box: Box, width: number, height: number, factor = 3, min = 48): Box {
  const side = Math.round(Math.max(min, factor * Math.max(box[2], box[3])));
  const w = Math.min(width, side);
  const h = Math.min(height, side);
  const place = (centre: number, len: number, span: number) =>
    Math.min(span - len, Math.max(0, Math.round(centre - len / 2)));
  return [place(box[0] + box[2] / 2, w, width), place(box[1] + box[3] / 2, h, height), w, h];
}
