import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meansAsPools, spatialSizes } from '../src/image/graph-pool-means.ts';
import { decodeWeights, type GraphNode, type WeightSpec, type WeightValues } from '../src/image/graph-rewrite.ts';
import { humanModelDir, wasmDir } from '../src/image/model-files.ts';
import { fixture } from './helpers.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const conv = (name: string, input: string, stride: number, padding: string): GraphNode => ({
  name,
  op: '_FusedConv2D',
  input: [input, 'k3'],
  attr: { strides: { list: { i: ['1', String(stride), String(stride), '1'] } }, padding: { s: b64(padding) } },
});

describe('spatial means as average pools (ADR 0242), on a small graph', () => {
  const w = (values: number[], shape: number[], int = false) => ({
    shape,
    values: int ? new Int32Array(values) : new Float32Array(values),
  });
  const weights: WeightValues = new Map([
    ['k3', w(new Array(9).fill(0), [3, 3, 1, 1])],
    ['hw', w([1, 2], [2], true)],
    ['c', w([3], [1], true)],
    ['size', w([6, 6], [2], true)],
  ]);
  const graph = (): GraphNode[] => [
    {
      name: 'x',
      op: 'Placeholder',
      attr: { shape: { shape: { dim: [1, 9, 8, 1].map((size) => ({ size: String(size) })) } } },
    },
    conv('same', 'x', 2, 'SAME'), // 5 x 4
    conv('valid', 'same', 1, 'VALID'), // 3 x 2
    { name: 'relu', op: 'Relu6', input: ['valid'] },
    { name: 'se', op: 'Mean', input: ['relu', 'hw'], attr: { keep_dims: { b: true } } },
    { name: 'scaled', op: 'Mul', input: ['relu', 'se'] }, // broadcast back to 3 x 2
    { name: 'up', op: 'ResizeBilinear', input: ['scaled', 'size'] },
    { name: 'channels', op: 'Mean', input: ['up', 'c'], attr: { keep_dims: { b: true } } },
    { name: 'flat', op: 'Mean', input: ['up', 'hw'], attr: { keep_dims: { b: false } } },
    { name: 'odd', op: 'SpaceToDepth', input: ['up'] },
    { name: 'after', op: 'Mean', input: ['odd', 'hw'], attr: { keep_dims: { b: true } } },
  ];

  it('follows the input size through strides, windows, broadcasts and resizes', () => {
    const sizes = spatialSizes(graph(), weights);
    expect(Object.fromEntries(sizes)).toMatchObject({
      x: [9, 8],
      same: [5, 4],
      valid: [3, 2],
      relu: [3, 2],
      se: [1, 1],
      scaled: [3, 2],
      up: [6, 6],
    });
    expect(sizes.has('odd')).toBe(false);
  });

  it('turns only means over H and W that keep their dimensions, and only where the size is known', () => {
    const nodes = graph();
    expect(meansAsPools(nodes, weights)).toEqual({ pooled: 1 });
    const se = nodes.find((n) => n.name === 'se')!;
    expect(se.op).toBe('AvgPool');
    expect(se.input).toEqual(['relu']);
    expect(se.attr).toMatchObject({ ksize: { list: { i: ['1', '3', '2', '1'] } }, padding: { s: b64('VALID') } });
    for (const name of ['channels', 'flat', 'after']) expect(nodes.find((n) => n.name === name)!.op).toBe('Mean');
  });
});

describe('centernet with its means as pools (real model)', () => {
  beforeAll(async () => {
    setWasmPaths(wasmDir());
    await tf.setBackend('wasm');
  });

  it('pools all nine squeeze-and-excite means and gives the same keypoints and detections', async () => {
    const dir = humanModelDir();
    const json = JSON.parse(readFileSync(path.join(dir, 'centernet.json'), 'utf8')) as {
      modelTopology: { node: GraphNode[] };
      weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
      signature: object;
    };
    const specs = json.weightsManifest.flatMap((g) => g.weights);
    const data = Buffer.concat(
      json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(path.join(dir, p)))),
    );
    const load = (modelTopology: object) =>
      loadGraphModel(
        tf.io.fromMemory({
          modelTopology,
          signature: json.signature,
          weightSpecs: specs,
          weightData: new Uint8Array(data).buffer,
          format: 'graph-model',
        }),
      );
    const original = await load(structuredClone(json.modelTopology));
    const topology = structuredClone(json.modelTopology);
    expect(meansAsPools(topology.node, decodeWeights(specs, data)!)).toEqual({ pooled: 9 });
    expect(topology.node.some((n) => n.op === 'Mean')).toBe(false);
    const pooled = await load(topology);
    const pixels = await sharp(fixture('astronaut.jpg')).resize(512, 512).removeAlpha().raw().toBuffer();
    const input = tf.tensor4d(Float32Array.from(pixels), [1, 512, 512, 3]);
    const outputs = ['tower_0/keypoints', 'tower_0/detections']; // what Human reads: detections
    const a = original.execute(input, outputs) as tf.Tensor[];
    const b = pooled.execute(input, outputs) as tf.Tensor[];
    expect(a.map((t) => t.shape)).toEqual([
      [1, 128, 128, 80],
      [1, 100, 6],
    ]);
    const [keypoints, detections] = a.map((t, i) => tf.max(tf.abs(tf.sub(t, b[i]))).dataSync()[0]);
    expect(keypoints).toBeLessThan(1e-5);
    // x1, y1, x2, y2 at the 512 px input, score, class: the same boxes in the same order
    expect(detections).toBeLessThan(1e-2);
    tf.dispose([input, ...a, ...b]);
  });
});
