/**
 * Load-time rewrite of the faceres graph (the face embedding model, the costliest stage of a
 * periodic check). Its converter left every convolution unfused: Conv2D -> Add(bias) -> Relu ->
 * Minimum(6) -> Maximum(0), and for depthwise layers DepthwiseConv2dNative -> Mul(scale) ->
 * Add(shift) -> Relu -> Minimum(6) -> Maximum(0). On the WASM backend each of those is a full pass
 * over the activations. The same arithmetic as one fused op:
 *   Conv2D + Add + clip(0, 6)              -> _FusedConv2D(BiasAdd, Relu6)
 *   Depthwise + Mul + Add + clip(0, 6)     -> FusedDepthwiseConv2dNative(BiasAdd, Relu6), with the
 *                                             per-channel scale folded into the depthwise kernel
 * Only this exact pattern is changed (constants checked: the clip bounds must be 6 and 0); the
 * embeddings stay the same up to float rounding (packages/analysis/test/graph-rewrite.test.ts).
 */

export interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; scale?: number; min?: number; original_dtype?: string };
}

/** weights as plain float32 arrays by name, with their shapes */
export type WeightValues = Map<string, { shape: number[]; values: Float32Array | Int32Array }>;

/** an attribute string as a converted graph's JSON holds it */
export const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');
/** the node an input names (without a control '^' or an output ':n') */
export const base = (input: string) => input.replace(/^\^/, '').split(':')[0];

/**
 * Rewrites `nodes` in place; depthwise kernels in `weights` get the folded scale (the caller
 * re-encodes every weight). Returns how many layers were fused.
 */
export function fuseClippedConvolutions(nodes: GraphNode[], weights: WeightValues): { fused: number } {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const consumers = new Map<string, number>();
  for (const n of nodes) for (const i of n.input ?? []) consumers.set(base(i), (consumers.get(base(i)) ?? 0) + 1);
  const only = (name: string) => consumers.get(name) === 1;
  const floats = (name: string) => {
    const w = weights.get(name);
    return w && w.values instanceof Float32Array ? { shape: w.shape, values: w.values } : undefined;
  };
  const constValue = (name: string) => {
    const w = floats(name);
    return w && w.values.length === 1 ? w.values[0] : null;
  };
  const drop = new Set<string>();
  let fused = 0;
  for (const max of nodes) {
    if (max.op !== 'Maximum' || max.input?.length !== 2) continue;
    const min = byName.get(base(max.input[0]));
    if (!min || min.op !== 'Minimum' || min.input?.length !== 2 || !only(min.name)) continue;
    if (constValue(base(max.input[1])) !== 0 || constValue(base(min.input[1])) !== 6) continue;
    const relu = byName.get(base(min.input[0]));
    if (!relu || relu.op !== 'Relu' || !only(relu.name)) continue;
    const add = byName.get(base(relu.input![0]));
    if (!add || add.op !== 'Add' || add.input?.length !== 2 || !only(add.name)) continue;
    const bias = floats(base(add.input[1]));
    const x = byName.get(base(add.input[0]));
    if (!bias || bias.shape.length !== 1 || !x || !only(x.name)) continue;
    const fusedAttr = { fused_ops: { list: { s: [b64('BiasAdd'), b64('Relu6')] } }, num_args: { i: '1' } };
    if (x.op === 'Conv2D') {
      Object.assign(max, { op: '_FusedConv2D', input: [...x.input!, add.input[1]], attr: { ...x.attr, ...fusedAttr } });
      for (const n of [x, add, relu, min]) drop.add(n.name);
      fused++;
      continue;
    }
    if (x.op !== 'Mul' || x.input?.length !== 2) continue;
    const dw = byName.get(base(x.input[0]));
    const scale = floats(base(x.input[1]));
    if (!dw || dw.op !== 'DepthwiseConv2dNative' || !only(dw.name) || !scale || scale.shape.length !== 1) continue;
    const kernelName = base(dw.input![1]);
    const kernel = floats(kernelName);
    if (!kernel || kernel.shape.length !== 4 || kernel.shape[3] !== 1 || kernel.shape[2] !== scale.values.length)
      continue;
    if ((consumers.get(kernelName) ?? 0) !== 1) continue;
    // kernel [h, w, channels, 1]: channel c is every channels-th value
    const channels = kernel.shape[2];
    for (let i = 0; i < kernel.values.length; i++) kernel.values[i] *= scale.values[i % channels];
    Object.assign(max, {
      op: 'FusedDepthwiseConv2dNative',
      input: [...dw.input!, add.input[1]],
      attr: { ...dw.attr, ...fusedAttr },
    });
    for (const n of [dw, x, add, relu, min]) drop.add(n.name);
    fused++;
  }
  for (let i = nodes.length - 1; i >= 0; i--) if (drop.has(nodes[i].name)) nodes.splice(i, 1);
  return { fused };
}

function float16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 0x1f) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/**
 * Decodes a weight buffer (float32, float16/uint8/uint16-quantized float32, int32) to values by
 * name; null for anything else. With `maxValues`, a weight holding more values than that keeps its
 * shape but no values (an empty array): for a rewrite that reads only small constants and shapes,
 * without decoding megabytes in JavaScript at every load.
 */
export function decodeWeights(specs: WeightSpec[], data: Buffer, maxValues = Infinity): WeightValues | null {
  const out: WeightValues = new Map();
  let offset = 0;
  for (const spec of specs) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const q = spec.quantization;
    const bytes = (!q ? 4 : q.dtype === 'uint8' ? 1 : 2) * count;
    if (offset + bytes > data.length) return null;
    if (count > maxValues && (spec.dtype === 'float32' || spec.dtype === 'int32')) {
      offset += bytes;
      out.set(spec.name, { shape: spec.shape, values: new Float32Array(0) });
      continue;
    }
    if (spec.dtype === 'int32' && !q) {
      const ints = new Int32Array(count);
      for (let i = 0; i < count; i++) ints[i] = data.readInt32LE(offset + 4 * i);
      offset += 4 * count;
      out.set(spec.name, { shape: spec.shape, values: ints });
      continue;
    }
    if (spec.dtype !== 'float32') return null;
    const values = new Float32Array(count);
    if (!q) {
      for (let i = 0; i < count; i++) values[i] = data.readFloatLE(offset + 4 * i);
      offset += 4 * count;
    } else if (q.dtype === 'float16') {
      for (let i = 0; i < count; i++) values[i] = float16(data.readUInt16LE(offset + 2 * i));
      offset += 2 * count;
    } else if ((q.dtype === 'uint8' || q.dtype === 'uint16') && q.scale !== undefined && q.min !== undefined) {
      const size = q.dtype === 'uint8' ? 1 : 2;
      for (let i = 0; i < count; i++)
        values[i] = (size === 1 ? data[offset + i] : data.readUInt16LE(offset + 2 * i)) * q.scale + q.min;
      offset += size * count;
    } else return null;
    out.set(spec.name, { shape: spec.shape, values });
  }
  return offset === data.length ? out : null;
}

/** Encodes every weight unquantized (float32 or int32, 4 bytes a value), in the order of `specs`. */
export function encodeWeights(specs: WeightSpec[], weights: WeightValues): [WeightSpec[], ArrayBuffer] {
  const total = specs.reduce((n, s) => n + weights.get(s.name)!.values.length, 0);
  const out = new ArrayBuffer(4 * total);
  let at = 0;
  for (const s of specs) {
    const v = weights.get(s.name)!.values;
    (v instanceof Int32Array ? new Int32Array(out, at, v.length) : new Float32Array(out, at, v.length)).set(v);
    at += 4 * v.length;
  }
  return [
    specs.map((s) => ({
      name: s.name,
      shape: s.shape,
      dtype: weights.get(s.name)!.values instanceof Int32Array ? 'int32' : 'float32',
    })),
    out,
  ];
}

/**
 * Mul(c, x) with c a scalar constant becomes Mul(x, c): the same products, bit for bit, but the
 * wasm backend broadcasts a scalar given first through its slow general path (8 ms on a 1024 px
 * FaceBoxes input, against 1 ms given second; ADR 0242). Returns how many were turned.
 */
export function scalarsSecond(nodes: GraphNode[], specs: WeightSpec[]): { swapped: number } {
  const scalars = new Set(specs.filter((s) => s.shape.reduce((a, b) => a * b, 1) === 1).map((s) => s.name));
  let swapped = 0;
  for (const n of nodes) {
    if (n.op !== 'Mul' || n.input?.length !== 2) continue;
    const [a, b] = n.input;
    if (!scalars.has(base(a)) || scalars.has(base(b)) || a.startsWith('^') || b.startsWith('^')) continue;
    n.input = [b, a];
    swapped++;
  }
  return { swapped };
}
