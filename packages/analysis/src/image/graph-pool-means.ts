/**
 * Load-time rewrite of the object detector's squeeze-and-excite averages (ADR 0242). Centernet
 * takes the mean of a [1, H, W, C] activation over H and W (Mean, axes [1, 2], keep_dims) nine
 * times; the wasm backend does that by transposing the whole activation first (~15 ms of a ~210 ms
 * pass). An AvgPool over the whole H x W window (VALID, stride 1) is the same average, done by
 * XNNPACK without the transpose; only the order of the additions differs (keypoints within 1e-5,
 * test/graph-pool-means.test.ts). The window needs H and W, which the graph fixes: its input has a
 * static shape, and spatialSizes follows it through the convolutions, pools and resizes.
 */
import { b64, base, type GraphNode, type WeightValues } from './graph-rewrite.ts';

type Size = [h: number, w: number];

const ints = (attr: unknown): number[] =>
  ((attr as { list?: { i?: string[] } } | undefined)?.list?.i ?? []).map(Number);
const text = (attr: unknown): string =>
  Buffer.from((attr as { s?: string } | undefined)?.s ?? '', 'base64').toString('latin1');

/** ops whose output has the spatial size of their largest input (element-wise, with broadcasting) */
const ELEMENTWISE = new Set(['Add', 'AddV2', 'Sub', 'Mul', 'Relu', 'Relu6', 'Sigmoid', 'Identity', 'Cast', 'BiasAdd']);
/** ops that slide a window with strides */
const WINDOWED = new Set([
  'Conv2D',
  '_FusedConv2D',
  'DepthwiseConv2dNative',
  'FusedDepthwiseConv2dNative',
  'MaxPool',
  'AvgPool',
]);

/**
 * The spatial size [H, W] of every NHWC node that can be worked out from a static input shape;
 * nodes in `nodes` order (a converted graph lists inputs before their users). Unknown ops are left
 * out, and so is everything after them.
 */
export function spatialSizes(nodes: GraphNode[], weights: WeightValues): Map<string, Size> {
  const sizes = new Map<string, Size>();
  for (const n of nodes) {
    const inputs = (n.input ?? []).filter((i) => !i.startsWith('^')).map(base);
    const attr = (n.attr ?? {}) as Record<string, unknown>;
    if (n.op === 'Placeholder') {
      const dims = (attr.shape as { shape?: { dim?: { size: string }[] } } | undefined)?.shape?.dim ?? [];
      const [h, w] = [Number(dims[1]?.size), Number(dims[2]?.size)];
      if (dims.length === 4 && h > 0 && w > 0) sizes.set(n.name, [h, w]);
    } else if (WINDOWED.has(n.op)) {
      const input = sizes.get(inputs[0]);
      const [, sh, sw] = ints(attr.strides);
      if (!input || !sh || !sw) continue;
      if (text(attr.padding) === 'SAME') {
        sizes.set(n.name, [Math.ceil(input[0] / sh), Math.ceil(input[1] / sw)]);
        continue;
      }
      const window = n.op.includes('Pool') ? ints(attr.ksize).slice(1, 3) : weights.get(inputs[1])?.shape.slice(0, 2);
      const [dh, dw] = ints(attr.dilations).slice(1, 3);
      if (!window || window.length !== 2) continue;
      const out = (size: number, k: number, d = 1, s: number) => Math.ceil((size - (k - 1) * d) / s);
      sizes.set(n.name, [out(input[0], window[0], dh, sh), out(input[1], window[1], dw, sw)]);
    } else if (ELEMENTWISE.has(n.op) || n.op === 'ConcatV2') {
      const known = inputs.map((i) => sizes.get(i)).filter((s): s is Size => !!s);
      if (known.length)
        sizes.set(
          n.name,
          known.reduce((a, b) => (b[0] * b[1] > a[0] * a[1] ? b : a)),
        );
    } else if (n.op === 'Mean' && sizes.has(inputs[0])) {
      sizes.set(n.name, reducesSpace(n, weights) ? [1, 1] : sizes.get(inputs[0])!);
    } else if (n.op === 'ResizeBilinear' || n.op === 'ResizeNearestNeighbor') {
      const size = weights.get(inputs[1])?.values;
      if (size?.length === 2) sizes.set(n.name, [size[0], size[1]]);
    }
  }
  return sizes;
}

/** a Mean over axes 1 and 2 (H and W of NHWC) that keeps its dimensions */
function reducesSpace(n: GraphNode, weights: WeightValues): boolean {
  const axes = weights.get(base(n.input?.[1] ?? ''))?.values;
  const keep = ((n.attr ?? {}) as { keep_dims?: { b?: boolean } }).keep_dims?.b === true;
  return keep && !!axes && axes.length === 2 && [...axes].sort().join() === '1,2';
}

/** Rewrites, in place, every spatial Mean whose window is known into an AvgPool; returns how many. */
export function meansAsPools(nodes: GraphNode[], weights: WeightValues): { pooled: number } {
  const sizes = spatialSizes(nodes, weights);
  let pooled = 0;
  for (const n of nodes) {
    if (n.op !== 'Mean' || !reducesSpace(n, weights)) continue;
    const input = n.input![0];
    const size = sizes.get(base(input));
    if (!size) continue;
    n.op = 'AvgPool';
    n.input = [input];
    n.attr = {
      T: (n.attr as Record<string, unknown>).T,
      ksize: { list: { i: ['1', String(size[0]), String(size[1]), '1'] } },
      strides: { list: { i: ['1', '1', '1', '1'] } },
      padding: { s: b64('VALID') },
      data_format: { s: b64('NHWC') },
    };
    pooled++;
  }
  return { pooled };
}
