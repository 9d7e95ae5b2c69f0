import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseImage } from '../src/image/analyse-image.ts';
import { confirmSsdFaces } from '../src/image/closer-look.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { farAway, fixture } from './helpers.ts';

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
    const rgb = await decodeImage(await farAway());
    expect((await analyseImage(engine, rgb, { ...faces, closer: false })).faces).toHaveLength(0);
    expect((await analyseImage(engine, rgb, { ...faces, closer: 'hint' })).faces).toHaveLength(0);
    const found = await confirmSsdFaces(engine, rgb, []);
    expect(found).toHaveLength(1);
    const [x, y, w, h] = found[0].box;
    expect(x + w / 2).toBeGreaterThan(330);
    expect(x + w / 2).toBeLessThan(356);
    expect(y + h / 2).toBeGreaterThan(131);
    expect(y + h / 2).toBeLessThan(157);
    expect(found[0].meshScore).toBeGreaterThanOrEqual(0.6);
    expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(1);
  });

  it('does not count the known face again, and finds no face in the coffee and cat pictures', async () => {
    const astronaut = await decodeImage(fixture('astronaut.jpg'));
    const known = (await analyseImage(engine, astronaut, { ...faces, closer: false })).faces.map((f) => f.box);
    expect(known).toHaveLength(1);
    expect(await confirmSsdFaces(engine, astronaut, known)).toEqual([]);
    expect((await analyseImage(engine, astronaut, { ...faces, closer: true })).faces).toHaveLength(1);
    for (const name of ['coffee.jpg', 'chelsea.jpg']) {
      const rgb = await decodeImage(await sharp(fixture(name)).resize(550, 450, { fit: 'cover' }).jpeg().toBuffer());
      expect(await confirmSsdFaces(engine, rgb, [])).toEqual([]);
      expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(0);
    }
  });
});
