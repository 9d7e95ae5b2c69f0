import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  decodeWeights,
  encodeWeights,
  fuseClippedConvolutions,
  scalarsSecond,
  type GraphNode,
  type WeightSpec,
} from './graph-rewrite.ts';
import { meansAsPools } from './graph-pool-means.ts';

const require = createRequire(import.meta.url);

/** Root folder of the @vladmandic/human npm package (its "exports" map hides package.json and dist/). */
export function humanPackageDir(): string {
  return path.dirname(path.dirname(require.resolve('@vladmandic/human')));
}

/** Folder of the models shipped inside the @vladmandic/human npm package. */
export function humanModelDir(): string {
  return path.join(humanPackageDir(), 'models');
}

/** Folder (with trailing slash) of the tfjs WASM binaries shipped in @tensorflow/tfjs-backend-wasm. */
export function wasmDir(): string {
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + path.sep;
}

/** URL of a model file kept in this package's `models/` folder (models/README.md: where each comes from). */
export function packagedModelUrl(file: string): string {
  return pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'models', file)).href;
}

export function humanModelBaseUrl(): string {
  return pathToFileURL(humanModelDir()).href + '/';
}

interface WeightsGroup {
  paths: string[];
  weights: unknown[];
}
interface ModelJson {
  weightsManifest?: WeightsGroup[];
  [k: string]: unknown;
}

/** Minimal subset of tfjs-core's `io` namespace that we need (kept structural to avoid a hard type dependency). */
export interface TfIo {
  registerLoadRouter(router: (url: string | string[]) => unknown): void;
  getModelArtifactsForJSON(
    modelJson: unknown,
    loadWeights: (m: WeightsGroup[]) => Promise<[unknown[], ArrayBuffer]>,
  ): Promise<unknown>;
}

/**
 * Node's fetch cannot read file:// URLs and the WASM backend has no file system handler,
 * so model.json and its weight shards are read from disk by this load router.
 */
export function fileSystemHandler(io: TfIo, url: string) {
  const file = fileURLToPath(url);
  const dir = path.dirname(file);
  return {
    load: async () => {
      const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
      const specs: WeightSpec[] = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest ?? []) {
        specs.push(...(group.weights as WeightSpec[]));
        for (const p of group.paths) buffers.push(await readFile(path.join(dir, p)));
      }
      const all = Buffer.concat(buffers);
      let weights: [unknown[], ArrayBuffer] = [
        specs,
        all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
      ];
      const nodes = (json.modelTopology as { node?: GraphNode[] } | undefined)?.node;
      const name = path.basename(file);
      if (FUSE.has(name) && nodes) {
        const values = decodeWeights(specs, all);
        if (values && fuseClippedConvolutions(nodes, values).fused > 0) weights = encodeWeights(specs, values);
      }
      if (SCALARS_SECOND.has(name) && nodes) scalarsSecond(nodes, specs);
      if (POOL_MEANS.has(name) && nodes) {
        // the rewrite reads shapes and a few small constants (axes, resize sizes), not the kernels
        const values = decodeWeights(specs, all, 16);
        if (values) meansAsPools(nodes, values);
      }
      return io.getModelArtifactsForJSON(json, async () => weights);
    },
  };
}

/** models whose graph is fused at load (see graph-rewrite.ts) */
const FUSE = new Set(['faceres.json']);
/** models whose scalar multiplications are turned at load (graph-rewrite.ts, ADR 0242) */
const SCALARS_SECOND = new Set(['faceboxes.json']);
/** models whose spatial means become average pools at load (graph-pool-means.ts, ADR 0242) */
const POOL_MEANS = new Set(['centernet.json']);

const registered = new WeakSet<object>();

export function registerFileRouter(io: TfIo): void {
  if (registered.has(io)) return;
  registered.add(io);
  io.registerLoadRouter((url) =>
    typeof url === 'string' && url.startsWith('file://') ? fileSystemHandler(io, url) : null,
  );
}
