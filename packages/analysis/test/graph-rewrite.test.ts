import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeWeights,
  encodeWeights,
  fuseClippedConvolutions,
  scalarsSecond,
  type GraphNode,
  type WeightSpec,
} from '../src/image/graph-rewrite.ts';
import { humanModelDir, wasmDir } from '../src/image/model-files.ts';

interface ModelJson {
  modelTopology: { node: GraphNode[] };
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
  signature: object;
}

function faceres() {
  const json = JSON.parse(readFileSync(path.join(humanModelDir(), 'faceres.json'), 'utf8')) as ModelJson;
  const specs = json.weightsManifest.flatMap((g) => g.weights);
  const data = Buffer.concat(
    json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(path.join(humanModelDir(), p)))),
  );
  return { json, specs, data };
}

const load = (topology: unknown, signature: object, weightSpecs: WeightSpec[], weightData: ArrayBuffer) =>
  loadGraphModel(
    tf.io.fromMemory({ modelTopology: topology as object, signature, weightSpecs, weightData, format: 'graph-model' }),
  );

describe('faceres graph rewrite (fused conv + bias + relu6)', () => {
  beforeAll(async () => {
    setWasmPaths(wasmDir());
    await tf.setBackend('wasm');
  });

  it('gives the same outputs as the converted graph with 27 layers fused', async () => {
    const { json, specs, data } = faceres();
    const original = await load(
      structuredClone(json.modelTopology),
      json.signature,
      specs,
      new Uint8Array(data).buffer,
    );
    const values = decodeWeights(specs, data)!;
    expect(values).not.toBeNull();
    const topology = structuredClone(json.modelTopology);
    expect(fuseClippedConvolutions(topology.node, values)).toEqual({ fused: 27 });
    const ops = new Set(topology.node.map((n) => n.op));
    for (const gone of ['Minimum', 'Maximum', 'Relu', 'Conv2D', 'DepthwiseConv2dNative'])
      expect(ops.has(gone)).toBe(false);
    const [fusedSpecs, fusedData] = encodeWeights(specs, values);
    const fused = await load(topology, json.signature, fusedSpecs, fusedData);
    const input = tf.randomUniform([1, 224, 224, 3], 0, 1, 'float32', 7);
    const a = original.execute(input, original.outputNodes) as tf.Tensor[];
    const b = fused.execute(input, original.outputNodes) as tf.Tensor[];
    expect(a.length).toBe(original.outputNodes.length);
    expect(a.map((t) => t.shape[1])).toContain(1024); // the embedding
    expect(b.length).toBe(a.length);
    for (let i = 0; i < a.length; i++) {
      const diff = tf.max(tf.abs(tf.sub(a[i], b[i]))).dataSync()[0];
      expect(diff).toBeLessThan(1e-4);
    }
  });

  it('leaves a clip that is not relu6 alone', () => {
    const w = (v: number[], shape: number[]) => ({ shape, values: new Float32Array(v) });
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' },
      { name: 'conv', op: 'Conv2D', input: ['x', 'k'] },
      { name: 'add', op: 'Add', input: ['conv', 'b'] },
      { name: 'relu', op: 'Relu', input: ['add'] },
      { name: 'min', op: 'Minimum', input: ['relu', 'five'] },
      { name: 'max', op: 'Maximum', input: ['min', 'zero'] },
    ];
    const weights = new Map([
      ['k', w([1], [1, 1, 1, 1])],
      ['b', w([0], [1])],
      ['five', w([5], [])],
      ['zero', w([0], [])],
    ]);
    expect(fuseClippedConvolutions(nodes, weights)).toEqual({ fused: 0 });
    expect(nodes).toHaveLength(6);
    weights.set('five', w([6], []));
    expect(fuseClippedConvolutions(nodes, weights)).toEqual({ fused: 1 });
    expect(nodes.map((n) => n.op)).toEqual(['Placeholder', '_FusedConv2D']);
    expect(nodes[1]).toMatchObject({ name: 'max', input: ['x', 'k', 'b'] });
  });
});

describe('scalar multiplications turned (ADR 0242)', () => {
  it('puts a scalar constant second, and leaves products of two tensors or two scalars alone', () => {
    const specs: WeightSpec[] = [
      { name: 'two', shape: [], dtype: 'float32' },
      { name: 'half', shape: [1], dtype: 'float32' },
      { name: 'row', shape: [3], dtype: 'float32' },
    ];
    const nodes: GraphNode[] = [
      { name: 'a', op: 'Mul', input: ['two', 'x'] },
      { name: 'b', op: 'Mul', input: ['x', 'half'] },
      { name: 'c', op: 'Mul', input: ['row', 'x'] },
      { name: 'd', op: 'Mul', input: ['two', 'half'] },
      { name: 'e', op: 'Sub', input: ['two', 'x'] },
      { name: 'f', op: 'Mul', input: ['half:0', 'y:1'] },
    ];
    expect(scalarsSecond(nodes, specs)).toEqual({ swapped: 2 });
    expect(nodes.map((n) => n.input)).toEqual([
      ['x', 'two'],
      ['x', 'half'],
      ['row', 'x'],
      ['two', 'half'],
      ['two', 'x'],
      ['y:1', 'half:0'],
    ]);
  });
});

describe('decoding only the small weights', () => {
  it('keeps the shape of a weight over maxValues without its values, and still reads the ones after it', () => {
    const specs: WeightSpec[] = [
      {
        name: 'kernel',
        shape: [2, 3],
        dtype: 'float32',
        quantization: { dtype: 'float16', original_dtype: 'float32' },
      },
      { name: 'axes', shape: [2], dtype: 'int32' },
      { name: 'scale', shape: [], dtype: 'float32' },
    ];
    const data = Buffer.alloc(6 * 2 + 2 * 4 + 4);
    for (let i = 0; i < 6; i++) data.writeUInt16LE(0x3c00, 2 * i); // 1.0 in float16
    data.writeInt32LE(1, 12);
    data.writeInt32LE(2, 16);
    data.writeFloatLE(0.5, 20);
    const all = decodeWeights(specs, data)!;
    expect(Array.from(all.get('kernel')!.values)).toEqual([1, 1, 1, 1, 1, 1]);
    const small = decodeWeights(specs, data, 4)!;
    expect(small.get('kernel')).toEqual({ shape: [2, 3], values: new Float32Array(0) });
    expect(Array.from(small.get('axes')!.values)).toEqual([1, 2]);
    expect(Array.from(small.get('scale')!.values)).toEqual([0.5]);
    expect(decodeWeights(specs, data.subarray(0, 20), 4)).toBeNull();
  });
});
