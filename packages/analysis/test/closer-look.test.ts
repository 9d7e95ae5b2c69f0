import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseImage } from '../src/image/analyse-image.ts';
import {
  confirmCrops,
  confirmSecondLook,
  crowdSecondOpinion,
  secondLookCandidates,
  trustedAlone,
} from '../src/image/closer-look.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { farAway, fixture } from './helpers.ts';
import { thresholds } from '../src/image/thresholds.ts';
import type { Box } from '../src/image/tiles.ts';

describe('candidates of the second look: SSD and FaceBoxes merged (ADR 0225)', () => {
  const d = (x: number, y: number, side: number, score: number) => ({ box: [x, y, side, side] as Box, score });

  it('one candidate a face: the SSD one where both see it, the FaceBoxes one where only it does; known faces left out', () => {
    const known: Box[] = [[200, 200, 100, 100]];
    const ssd = [d(10, 10, 30, 0.7), d(240, 240, 20, 0.9)]; // the second is inside the known face
    const faceboxes = [d(12, 11, 30, 0.95), d(400, 20, 30, 0.6), d(402, 22, 28, 0.5)];
    const { trusted, toConfirm } = secondLookCandidates(known, ssd, faceboxes, 16);
    expect(trusted).toEqual([]);
    expect(toConfirm).toEqual([
      { ...d(10, 10, 30, 0.7), ssd: true },
      { ...d(400, 20, 30, 0.6), ssd: false },
    ]);
  });

  it('only SSD is trusted alone; the rest are confirmed surest first, at most maxConfirm of them', () => {
    const ssd = [d(0, 0, 16, 0.95), d(100, 0, 40, 0.5)];
    const faceboxes = [d(200, 0, 16, 0.99), d(300, 0, 30, 0.8), d(400, 0, 30, 0.4)];
    const { trusted, toConfirm } = secondLookCandidates([], ssd, faceboxes, 3);
    expect(trusted).toEqual([{ ...d(0, 0, 16, 0.95), ssd: true }]);
    // a FaceBoxes 0.99 for a 16 px face is not taken on its word: Human confirms it like the others
    expect(toConfirm.map((c) => c.score)).toEqual([0.99, 0.8, 0.5]);
  });
});

describe('a second opinion on small candidates Human refused, in a crowd only (ADR 0236)', () => {
  const c = (side: number, score: number, ssd = false) => ({ box: [10, 10, side, side + 3] as Box, score, ssd });

  it('asks nothing for a picture with fewer than two faces, however sure FaceBoxes is', () => {
    const refused = [c(15, 0.99), c(20, 0.9)];
    expect(crowdSecondOpinion(0, refused)).toEqual([]);
    expect(crowdSecondOpinion(1, refused)).toEqual([]);
    expect(crowdSecondOpinion(2, refused)).toEqual(refused);
  });

  it('with two faces or more, asks about small FaceBoxes candidates it was fairly sure of, not SSD ones', () => {
    const small = c(15, thresholds.crowdFaceBoxesMin);
    const unsure = c(15, thresholds.crowdFaceBoxesMin - 0.01);
    // larger side 25 px: the mesh can judge a face that large, its refusal stands
    const large = c(22, 0.9);
    const fromSsd = c(15, 0.9, true);
    expect(crowdSecondOpinion(3, [small, unsure, large, fromSsd])).toEqual([small]);
  });
});

describe('where a candidate of the second look is confirmed (ADR 0105, 0234)', () => {
  it('a small candidate: the wide crop enlarged twice first, then a close crop enlarged to 384 px', () => {
    expect(confirmCrops([300, 100, 12, 16], 550, 450)).toEqual([
      { crop: [210, 12, 192, 192], upscale: 2 },
      { crop: [258, 60, 96, 96], upscale: 4 },
    ]);
    // 24 px: the close crop is six times the face, enlarged less
    const [, close] = confirmCrops([300, 100, 20, 24], 550, 450);
    expect(close.crop).toEqual([238, 40, 144, 144]);
    expect(close.upscale).toBeCloseTo(8 / 3, 6);
  });

  it('a larger candidate only in the wide crop; a close crop stays inside the picture', () => {
    expect(confirmCrops([300, 100, 20, 25], 550, 450)).toHaveLength(1);
    expect(confirmCrops([2, 440, 10, 10], 550, 450)[1]).toEqual({ crop: [0, 354, 96, 96], upscale: 4 });
  });
});

/** The box's centre lies strictly within these x and y ranges (where the pasted face is). */
function expectCentreIn([x, y, w, h]: Box, [x0, x1]: [number, number], [y0, y1]: [number, number]) {
  expect(x + w / 2).toBeGreaterThan(x0);
  expect(x + w / 2).toBeLessThan(x1);
  expect(y + h / 2).toBeGreaterThan(y0);
  expect(y + h / 2).toBeLessThan(y1);
}

describe('closer look: the second detector, confirmed by Human (real models, ADR 0105)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine();
  });
  const faces = { objects: false, embedding: false, authenticity: false } as const;

  it('SSD MobileNet v1 loads from node_modules on the same tfjs and finds the astronaut', async () => {
    expect(engine.ssd).toBeDefined();
    expect(engine.human.tf.getBackend()).toBe('wasm');
    const rgb = await decodeImage(fixture('astronaut.jpg'));
    const before = engine.human.tf.memory().numTensors;
    const found = await engine.ssd!.detect(rgb, 0.5);
    expect(engine.human.tf.memory().numTensors).toBe(before);
    expect(found).toHaveLength(1);
    const [x, y, w] = found[0].box;
    expect(found[0].score).toBeGreaterThan(0.9);
    // the face is in the upper middle of the 320 px portrait
    expect(x + w / 2).toBeGreaterThan(110);
    expect(x + w / 2).toBeLessThan(210);
    expect(y).toBeLessThan(100);
  });

  it('finds a face too small for the whole-picture pass, where it is, on the scene pass only', async () => {
    // a face of about 22 px: too large to be kept on SSD's word alone, confirmed by Human's mesh
    const rgb = await decodeImage(await farAway(112));
    expect((await analyseImage(engine, rgb, { ...faces, closer: false })).faces).toHaveLength(0);
    expect((await analyseImage(engine, rgb, { ...faces, closer: 'hint' })).faces).toHaveLength(0);
    const found = await confirmSecondLook(engine, rgb, []);
    expect(found).toHaveLength(1);
    expectCentreIn(found[0].box, [330, 356], [131, 157]);
    expect(found[0].meshScore).toBeGreaterThanOrEqual(0.6);
    expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(1);
  });

  it('looks again, closer, at a small candidate the wide crop did not confirm (ADR 0234)', async () => {
    // the astronaut at 84 px top left of the coffee picture: a face of about 12x16 px; a known face
    // elsewhere, so FaceBoxes looks alone, as behind a candidate
    const rgb = await decodeImage(await farAway(84, [60, 40]));
    const known: Box[] = [[380, 260, 120, 120]];
    const found = await confirmSecondLook(engine, rgb, known);
    expect(found).toHaveLength(1);
    expectCentreIn(found[0].box, [85, 110], [50, 70]);
    const was = thresholds.closeLookMaxPx;
    thresholds.closeLookMaxPx = 0;
    try {
      expect(await confirmSecondLook(engine, rgb, known)).toHaveLength(0);
    } finally {
      thresholds.closeLookMaxPx = was;
    }
  });

  it('keeps a very sure detection of a face too small for the mesh, on its own word (ADR 0217)', async () => {
    const rgb = await decodeImage(await farAway(80));
    expect((await analyseImage(engine, rgb, { ...faces, closer: 'hint' })).faces).toHaveLength(0);
    const [ssd] = await engine.ssd!.detect(rgb, 0.3);
    expect(trustedAlone(ssd)).toBe(true);
    const found = await confirmSecondLook(engine, rgb, []);
    expect(found).toHaveLength(1);
    // not the mesh's: kept on the detector's word, where it saw her
    expect(found[0].meshScore).toBe(0);
    expect(found[0].box.map(Math.round)).toEqual(ssd.box.map(Math.round));
    expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(1);
  });

  it('trusts the second detector alone only for small faces it is very sure of', () => {
    expect(trustedAlone({ box: [0, 0, 16, 21], score: 0.94 })).toBe(true);
    expect(trustedAlone({ box: [0, 0, 24, 20], score: 0.85 })).toBe(true);
    // less sure: left to Human's confirmation
    expect(trustedAlone({ box: [0, 0, 16, 21], score: 0.84 })).toBe(false);
    // large enough for the mesh to judge (the cat's whole head is a 0.95 "face" to SSD)
    expect(trustedAlone({ box: [0, 0, 25, 20], score: 0.99 })).toBe(false);
    expect(trustedAlone({ box: [40, 1, 487, 502], score: 0.95 })).toBe(false);
  });

  it('confirms the candidates of FaceBoxes too: with SSD away, the far candidate is still found', async () => {
    const rgb = await decodeImage(await farAway(112));
    const withoutSsd: Engine = { ...engine, ssd: undefined };
    const found = await confirmSecondLook(withoutSsd, rgb, []);
    expect(found).toHaveLength(1);
    expect(found[0].meshScore).toBeGreaterThanOrEqual(0.6);
    expect(await confirmSecondLook({ ...withoutSsd, faceboxes: undefined }, rgb, [])).toEqual([]);
  });

  it('asks SSD only when no face was found: behind a face FaceBoxes looks alone (ADR 0225)', async () => {
    const calls: number[] = [];
    const counted: Engine = {
      ...engine,
      ssd: { ...engine.ssd!, detect: (rgb, min) => (calls.push(1), engine.ssd!.detect(rgb, min)) },
    };
    const astronaut = await decodeImage(fixture('astronaut.jpg'));
    const known = (await analyseImage(engine, astronaut, { ...faces, closer: false })).faces.map((f) => f.box);
    expect(await confirmSecondLook(counted, astronaut, known)).toEqual([]);
    expect(calls).toHaveLength(0);
    const far = await decodeImage(await farAway(80));
    expect(await confirmSecondLook(counted, far, [])).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('never asks the crowd second opinion for a lone candidate, nor for a lone far face (ADR 0236)', async () => {
    const calls: number[] = [];
    const counted: Engine = {
      ...engine,
      front: { ...engine.front!, detect: (rgb, min) => (calls.push(1), engine.front!.detect(rgb, min)) },
    };
    const astronaut = await decodeImage(fixture('astronaut.jpg'));
    expect((await analyseImage(counted, astronaut, { ...faces, closer: true })).faces).toHaveLength(1);
    const far = await decodeImage(await farAway(80));
    expect((await analyseImage(counted, far, { ...faces, closer: true })).faces).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('does not count the known face again, and finds no face in the coffee and cat pictures', async () => {
    const astronaut = await decodeImage(fixture('astronaut.jpg'));
    const known = (await analyseImage(engine, astronaut, { ...faces, closer: false })).faces.map((f) => f.box);
    expect(known).toHaveLength(1);
    expect(await confirmSecondLook(engine, astronaut, known)).toEqual([]);
    expect((await analyseImage(engine, astronaut, { ...faces, closer: true })).faces).toHaveLength(1);
    for (const name of ['coffee.jpg', 'chelsea.jpg']) {
      const rgb = await decodeImage(await sharp(fixture(name)).resize(550, 450, { fit: 'cover' }).jpeg().toBuffer());
      expect(await confirmSecondLook(engine, rgb, [])).toEqual([]);
      expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(0);
    }
  });
});
