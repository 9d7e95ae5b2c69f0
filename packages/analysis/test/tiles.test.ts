import { describe, expect, it } from 'vitest';
import { behindTiles } from '../src/image/closer-look.ts';
import { cropAround, cutByTile, gridTiles, inside, iou, mergeNewFaces, type Box } from '../src/image/tiles.ts';

/** every pixel of the picture's first `reach` rows lies in at least one tile */
function covered(tiles: Box[], width: number, rows: number): boolean {
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < width; x++)
      if (!tiles.some(([tx, ty, tw, th]) => x >= tx && x < tx + tw && y >= ty && y < ty + th)) return false;
  return true;
}

describe('closer-look tiles', () => {
  it('the crop around a candidate of the second detector is centred on it, inside the picture', () => {
    // a 12 px face: the crop is the minimum side, centred on the face
    expect(cropAround([300, 100, 12, 12], 550, 450, 3, 192)).toEqual([210, 10, 192, 192]);
    // a 100 px face: three times its size
    expect(cropAround([200, 150, 100, 80], 550, 450, 3, 192)).toEqual([100, 40, 300, 300]);
    // near a corner: moved inside, same size
    expect(cropAround([2, 440, 8, 8], 550, 450, 3, 192)).toEqual([0, 258, 192, 192]);
    expect(cropAround([540, 0, 10, 10], 550, 450, 3, 192)).toEqual([358, 0, 192, 192]);
    // larger than the picture: the picture
    expect(cropAround([100, 100, 200, 200], 320, 240, 3, 192)).toEqual([0, 0, 320, 240]);
    for (const box of [
      [0, 0, 5, 5],
      [545, 445, 5, 5],
      [270, 220, 11, 9],
    ] as Box[]) {
      const [x, y, w, h] = cropAround(box, 550, 450, 3, 192);
      expect(x >= 0 && y >= 0 && x + w <= 550 && y + h <= 450).toBe(true);
      expect(inside([box[0] + box[2] / 2, box[1] + box[3] / 2], [x, y, w, h])).toBe(true);
    }
  });

  it('the tiles behind the candidate cover the upper 45 % only, as before', () => {
    expect(behindTiles(550, 450)).toEqual([
      [0, 0, 220, 203],
      [165, 0, 220, 203],
      [330, 0, 220, 203],
    ]);
    expect(covered(behindTiles(550, 450), 550, 203)).toBe(true);
    expect(covered(behindTiles(550, 450), 550, 204)).toBe(false);
  });

  it('one tile, or a tile larger than the picture, is the picture', () => {
    expect(gridTiles(100, 80, { cols: 1, rows: 1, size: [1, 1] })).toEqual([[0, 0, 100, 80]]);
    expect(gridTiles(100, 80, { cols: 2, rows: 1, size: [1.5, 1] })).toEqual([
      [0, 0, 100, 80],
      [0, 0, 100, 80],
    ]);
  });
});

describe('cutByTile', () => {
  const tile: Box = [100, 100, 200, 200];
  it('a detection touching an inner edge of its tile is cut; one touching the picture edge is not', () => {
    expect(cutByTile([100, 150, 30, 30], tile, 550, 450)).toBe(true); // left edge
    expect(cutByTile([150, 100, 30, 30], tile, 550, 450)).toBe(true); // top edge
    expect(cutByTile([275, 150, 25, 25], tile, 550, 450)).toBe(true); // right edge
    expect(cutByTile([150, 280, 20, 20], tile, 550, 450)).toBe(true); // bottom edge
    expect(cutByTile([150, 150, 30, 30], tile, 550, 450)).toBe(false);
    // a tile in the picture's corner: its outer edges are the picture's
    expect(cutByTile([0, 0, 30, 30], [0, 0, 200, 200], 550, 450)).toBe(false);
    expect(cutByTile([520, 420, 30, 30], [350, 250, 200, 200], 550, 450)).toBe(false);
  });
});

describe('mergeNewFaces', () => {
  it('keeps the surer of two detections of one face from overlapping tiles', () => {
    const a = { box: [100, 100, 20, 20] as Box, score: 0.7 };
    const b = { box: [102, 101, 20, 20] as Box, score: 0.9 };
    expect(mergeNewFaces([], [a, b])).toEqual([b]);
  });

  it('drops pieces of a known face (its box widened by a fifth) and keeps faces elsewhere', () => {
    const known: Box[] = [[200, 200, 100, 100]];
    const piece = { box: [290, 210, 30, 30] as Box, score: 0.95 }; // centre (305, 225): in the widened box
    const behind = { box: [20, 20, 24, 24] as Box, score: 0.6 };
    const other = { box: [460, 30, 40, 40] as Box, score: 0.8 };
    expect(mergeNewFaces(known, [piece, behind, other])).toEqual([other, behind]);
  });

  it('two faces side by side are two faces; boxes overlapping by more than maxIou are one', () => {
    const left = { box: [100, 100, 30, 30] as Box, score: 0.8 };
    const right = { box: [135, 100, 30, 30] as Box, score: 0.7 };
    expect(mergeNewFaces([], [left, right])).toHaveLength(2);
    const shifted = { box: [112, 100, 30, 30] as Box, score: 0.7 }; // IoU 0.43, centre outside `left`
    expect(iou(left.box, shifted.box)).toBeGreaterThan(0.3);
    expect(inside([127, 115], left.box)).toBe(true);
    expect(mergeNewFaces([], [left, shifted])).toEqual([left]);
  });

  it('iou of disjoint, equal and nested boxes', () => {
    expect(iou([0, 0, 10, 10], [20, 20, 10, 10])).toBe(0);
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [0, 0, 5, 10])).toBe(0.5);
  });
});
