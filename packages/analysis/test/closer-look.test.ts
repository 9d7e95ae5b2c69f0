import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseImage } from '../src/image/analyse-image.ts';
import { lookCloser, SEARCH_UPSCALE, searchTiles } from '../src/image/closer-look.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { fixture } from './helpers.ts';

/** the coffee picture with the astronaut pasted at 24 px (a face of about 16 px): far from the camera */
async function farAway(): Promise<Buffer> {
  const bg = await sharp(fixture('coffee.jpg')).resize(550, 450, { fit: 'cover' }).toBuffer();
  const face = await sharp(fixture('astronaut.jpg')).resize(24, 24).toBuffer();
  return sharp(bg)
    .composite([{ input: face, left: 300, top: 120 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('closer look: the whole-picture search in enlarged tiles (real models, ADR 0104)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine();
  });
  const faces = { objects: false, embedding: false, authenticity: false } as const;

  it('finds a face too small for the whole-picture pass, where it is', async () => {
    const rgb = await decodeImage(await farAway());
    expect((await analyseImage(engine, rgb, { ...faces, closer: false })).faces).toHaveLength(0);
    const found = await lookCloser(engine, rgb, [], searchTiles(rgb.width, rgb.height), SEARCH_UPSCALE);
    expect(found).toHaveLength(1);
    const [x, y, w, h] = found[0].box;
    expect(x + w / 2).toBeGreaterThan(300);
    expect(x + w / 2).toBeLessThan(324);
    expect(y + h / 2).toBeGreaterThan(120);
    expect(y + h / 2).toBeLessThan(144);
    expect(found[0].meshScore).toBeGreaterThanOrEqual(0.6);
  });

  it('finds no face in the coffee and cat pictures, and the scene pass leaves them at none', async () => {
    for (const name of ['coffee.jpg', 'chelsea.jpg']) {
      const rgb = await decodeImage(await sharp(fixture(name)).resize(550, 450, { fit: 'cover' }).jpeg().toBuffer());
      expect(await lookCloser(engine, rgb, [], searchTiles(rgb.width, rgb.height), SEARCH_UPSCALE)).toEqual([]);
      expect((await analyseImage(engine, rgb, { ...faces, closer: true })).faces).toHaveLength(0);
    }
  });
});
