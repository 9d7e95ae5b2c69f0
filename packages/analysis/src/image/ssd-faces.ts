/**
 * A second face detector (ADR 0105): SSD MobileNet v1 trained on WIDER FACE, as shipped with its
 * weights in the npm package @vladmandic/face-api (MIT). It sees the picture at 512 px (BlazeFace:
 * 256 px) and was trained on crowds, so it finds faces of 12-25 px that BlazeFace misses. Its
 * detections are only candidates: each is confirmed by Human's mesh like any face (closer-look.ts).
 *
 * face-api's node-wasm build requires `@tensorflow/tfjs` (the umbrella package) and the wasm
 * backend. To keep ONE tfjs engine (one wasm module, one tensor registry, one backend set up by
 * Human), the build is evaluated with a require that hands it Human's own tfjs namespace; its
 * chained tensor methods (`t.as3D()`...) are registered on that same tfjs-core. The weights are
 * read from node_modules, never from the network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RgbImage } from './decode-image.ts';
import type { Box } from './tiles.ts';

const require = createRequire(import.meta.url);

export interface SsdFace {
  /** [x, y, width, height] in picture pixels */
  box: Box;
  score: number;
}

export interface SsdDetector {
  /** ms spent loading the weights */
  loadMs: number;
  detect(rgb: RgbImage, minScore: number): Promise<SsdFace[]>;
}

/** the parts of face-api's API used here */
interface FaceApi {
  SsdMobilenetv1: new () => {
    loadFromDisk(dir: string): Promise<void>;
    locateFaces(
      input: unknown,
      opts: { minConfidence: number; maxResults: number },
    ): Promise<{ score: number; box: { x: number; y: number; width: number; height: number } }[]>;
  };
}

/** Folder of the face-api npm package (its main entry is dist/face-api.node.js). */
export function faceApiPackageDir(): string {
  return path.dirname(path.dirname(require.resolve('@vladmandic/face-api')));
}

type AnyFn = (...args: unknown[]) => unknown;
interface TensorLike {
  size: number;
  throwIfDisposed(): void;
}

/**
 * The chained tensor methods (`t.add(u)`, `t.as3D(h, w, c)`...) that face-api calls. The umbrella
 * `@tensorflow/tfjs` registers them; tfjs-core's node bundle, which Human uses, does not, and its
 * own registration module is ESM with extensionless imports that Node cannot load. Each is what
 * tfjs-core's chained op is: the op of the same name applied to the tensor. Only missing methods are
 * added.
 */
export function registerChainedOps(tf: Record<string, unknown>): number {
  const proto = (tf.Tensor as { prototype: Record<string, unknown> }).prototype;
  const op = (name: string) => tf[name] as AnyFn;
  const reshape = (t: TensorLike, shape: number[]) => op('reshape')(t, shape);
  const cast = (t: TensorLike, dtype: string) => op('cast')(t, dtype);
  const methods: Record<string, (this: TensorLike, ...a: never[]) => unknown> = {
    as1D() {
      return reshape(this, [this.size]);
    },
    as2D(r: number, c: number) {
      return reshape(this, [r, c]);
    },
    as3D(r: number, c: number, d: number) {
      return reshape(this, [r, c, d]);
    },
    as4D(r: number, c: number, d: number, d2: number) {
      return reshape(this, [r, c, d, d2]);
    },
    asScalar() {
      return reshape(this, []);
    },
    asType(dtype: string) {
      return cast(this, dtype);
    },
    toFloat() {
      return cast(this, 'float32');
    },
    toInt() {
      return cast(this, 'int32');
    },
    toBool() {
      return cast(this, 'bool');
    },
  };
  for (const [name, value] of Object.entries(tf))
    if (typeof value === 'function' && value.name.endsWith('__op') && !(name in methods))
      methods[name] = function (this: TensorLike, ...args: unknown[]) {
        this.throwIfDisposed();
        return (value as AnyFn)(this, ...args);
      };
  let added = 0;
  for (const [name, fn] of Object.entries(methods))
    if (!(name in proto)) {
      proto[name] = fn;
      added++;
    }
  return added;
}

/** loads face-api's node-wasm build against the given tfjs namespace (Human's) */
function loadFaceApi(tf: Record<string, unknown>): FaceApi {
  registerChainedOps(tf);
  const file = path.join(faceApiPackageDir(), 'dist', 'face-api.node-wasm.js');
  const mod = { exports: {} as FaceApi };
  const shared = new Set(['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm']);
  const req = (id: string) => (shared.has(id) ? tf : require(id));
  // the CommonJS wrapper Node itself would use, with our require
  new Function('require', 'module', 'exports', '__filename', '__dirname', readFileSync(file, 'utf8'))(
    req,
    mod,
    mod.exports,
    file,
    path.dirname(file),
  );
  return mod.exports;
}

interface Tf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
}

/** Loads SSD MobileNet v1 on Human's tfjs (`human.tf`, the wasm backend already set up). */
export async function createSsdDetector(tf: Record<string, unknown>): Promise<SsdDetector> {
  const started = performance.now();
  const api = loadFaceApi(tf);
  const net = new api.SsdMobilenetv1();
  await net.loadFromDisk(path.join(faceApiPackageDir(), 'model'));
  const loadMs = performance.now() - started;
  return {
    loadMs,
    async detect(rgb, minScore) {
      const pixels = new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength);
      const input = (tf as unknown as Tf).tensor3d(pixels, [rgb.height, rgb.width, 3], 'int32');
      try {
        const found = await net.locateFaces(input, { minConfidence: minScore, maxResults: 50 });
        return found.map((d) => ({ box: [d.box.x, d.box.y, d.box.width, d.box.height] as Box, score: d.score }));
      } finally {
        input.dispose();
      }
    },
  };
}
