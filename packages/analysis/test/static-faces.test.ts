import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/image/decode-image.ts';
import { staticFaceIndexes, staticFacesAgainst, staticScores } from '../src/image/static-faces.ts';

const W = 200;
const H = 160;
type Box = [number, number, number, number];

/** a deterministic textured patch (a "face" or a painting): value at (x, y) of pattern `seed` */
const texture = (seed: number) => (x: number, y: number) =>
  128 + 60 * Math.sin((x * (seed + 1)) / 3 + seed) * Math.cos((y * (seed + 2)) / 4 - seed);

/**
 * A room: a smooth wall, the candidate (pattern 1) at `candidate`, and patches (pattern, box) on it;
 * `gain`/`offset`/`noise`/`shift` model another capture by the same camera.
 */
function room(
  patches: [number, Box][],
  { gain = 1, offset = 0, noise = 0, shift = [0, 0] as [number, number], seed = 1 } = {},
): RgbImage {
  const data = Buffer.alloc(W * H * 3);
  let s = seed;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [sx, sy] = [x - shift[0], y - shift[1]];
      let v = 90 + sx * 0.2 + sy * 0.1;
      for (const [pattern, [bx, by, bw, bh]] of patches)
        if (sx >= bx && sx < bx + bw && sy >= by && sy < by + bh) v = texture(pattern)(sx, sy);
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = noise ? ((s >> 8) % (2 * noise + 1)) - noise : 0;
      data.fill(Math.max(0, Math.min(255, Math.round(v * gain + offset + n))), (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { data, width: W, height: H };
}

const CANDIDATE: Box = [60, 60, 70, 80];
const WALL: Box = [150, 10, 30, 34];

describe('static faces against the primary picture (ADR 0103)', () => {
  it('a painting on the wall, there at setup too, is static despite exposure, noise and a camera shift', () => {
    const setup = room([
      [1, CANDIDATE],
      [5, WALL],
    ]);
    const now = room(
      [
        [2, [64, 58, 70, 80]],
        [5, WALL],
      ],
      { gain: 0.9, offset: 6, noise: 4, shift: [3, -2], seed: 9 },
    );
    const boxes: Box[] = [[64, 58, 70, 80], WALL.map((v, i) => v + [3, -2, 0, 0][i]) as Box];
    const [candidate, wall] = staticScores(now, setup, boxes);
    expect(candidate).toBe(0);
    expect(wall).toBeGreaterThan(0.95);
    expect(staticFaceIndexes(now, setup, boxes)).toEqual([1]);
  });

  it('a person who came in since setup is not static', () => {
    const setup = room([[1, CANDIDATE]]);
    const now = room(
      [
        [1, CANDIDATE],
        [7, WALL],
      ],
      { noise: 3, seed: 4 },
    );
    expect(staticScores(now, setup, [CANDIDATE, WALL])[1]).toBeLessThan(0.5);
    expect(staticFaceIndexes(now, setup, [CANDIDATE, WALL])).toEqual([]);
  });

  it('a small person at the back, whose box is mostly the busy room around them, is not static (ADR 0225)', () => {
    // the room behind is busy (a crowd, shelves): pattern 6 all over the top right
    const BUSY: Box = [120, 0, 80, 60];
    const setup = room([
      [1, CANDIDATE],
      [6, BUSY],
    ]);
    const face: Box = [156, 18, 7, 7];
    const now = room(
      [
        [1, CANDIDATE],
        [6, BUSY],
        [7, face],
      ],
      { noise: 3, seed: 5 },
    );
    // the detector's box is twice the face's size: most of what is compared is the unchanged room
    const box: Box = [150, 12, 14, 14];
    const score = staticScores(now, setup, [CANDIDATE, box])[1];
    console.log('SCORE', 12, score);
  });

  it('a person behind who moved is not static, even at nearly the same place', () => {
    const setup = room([
      [1, CANDIDATE],
      [7, WALL],
    ]);
    const now = room([
      [1, CANDIDATE],
      [8, [WALL[0] - 8, WALL[1] + 3, WALL[2], WALL[3]]],
    ]);
    expect(staticFaceIndexes(now, setup, [CANDIDATE, [WALL[0] - 8, WALL[1] + 3, WALL[2], WALL[3]]])).toEqual([]);
  });

  it('never drops the largest face (the candidate sitting as still as at setup), nor a lone face', () => {
    const setup = room([
      [1, CANDIDATE],
      [5, WALL],
    ]);
    expect(staticFaceIndexes(setup, setup, [CANDIDATE, WALL])).toEqual([1]);
    expect(staticFaceIndexes(setup, setup, [CANDIDATE])).toEqual([]);
  });

  it('compares nothing when the primary picture is of another size (another camera)', () => {
    const now = room([
      [1, CANDIDATE],
      [5, WALL],
    ]);
    const other: RgbImage = { data: Buffer.alloc(100 * 80 * 3, 90), width: 100, height: 80 };
    expect(staticScores(now, other, [CANDIDATE, WALL])).toEqual([0, 0]);
  });

  it('works from stored JPEG bytes, as the server calls it', async () => {
    const jpeg = (p: RgbImage) =>
      sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
        .jpeg({ quality: 75 })
        .toBuffer();
    const setup = await jpeg(
      room([
        [1, CANDIDATE],
        [5, WALL],
      ]),
    );
    const now = await jpeg(
      room(
        [
          [2, CANDIDATE],
          [5, WALL],
        ],
        { noise: 3, seed: 2 },
      ),
    );
    const intruder = await jpeg(
      room([
        [2, CANDIDATE],
        [9, WALL],
      ]),
    );
    expect(await staticFacesAgainst(now, setup, [CANDIDATE, WALL])).toEqual([1]);
    expect(await staticFacesAgainst(intruder, setup, [CANDIDATE, WALL])).toEqual([]);
  });
});
