import { createRequire } from 'node:module';
import type { Config, Human as HumanType, Result } from '@vladmandic/human';
import path from 'node:path';
import { createFaceBoxes, type FaceBoxesDetector } from './faceboxes.ts';
import { createFrontDetector, type FrontDetector } from './front-faces.ts';
import { createSsdDetector, type SsdDetector } from './ssd-faces.ts';
import { humanModelBaseUrl, humanPackageDir, registerFileRouter, wasmDir, type TfIo } from './model-files.ts';

const require = createRequire(import.meta.url);

export type HumanResult = Result;

export interface EngineOptions {
  /** run the face models (detector, mesh, emotion); default true */
  faces?: boolean;
  /** run the object detector (centernet) */
  objects?: boolean;
  /** run the face embedding model (faceres) */
  embedding?: boolean;
  /** run antispoof and liveness models */
  authenticity?: boolean;
  /** run the emotion model; default true */
  emotion?: boolean;
}

const off = { skipFrames: 0, skipTime: 0 };

/**
 * Human configuration for independent still images: every cache and frame-skip is off
 * (cacheSensitivity 0, skipAllowed false, skipFrames/skipTime 0) so one candidate's result
 * can never be reused for another candidate's picture.
 */
export function humanConfig(opts: EngineOptions = {}): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: wasmDir(),
    modelBasePath: humanModelBaseUrl(),
    cacheModels: false,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false } as Config['filter'],
    gesture: { enabled: false },
    body: { enabled: false } as Config['body'],
    hand: { enabled: false } as Config['hand'],
    segmentation: { enabled: false } as Config['segmentation'],
    object: {
      enabled: opts.objects ?? true,
      modelPath: 'centernet.json',
      minConfidence: 0.2,
      iouThreshold: 0.4,
      maxDetected: 10,
      ...off,
    },
    face: {
      enabled: opts.faces ?? true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: 10,
        minConfidence: 0.2,
        minSize: 0,
        iouThreshold: 0.1,
        scale: 1.4,
        mask: false,
        return: false,
        ...off,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: false },
      attention: { enabled: false, modelPath: 'facemesh-attention.json' },
      iris: { enabled: false, scale: 2.3, modelPath: 'iris.json' },
      emotion: { enabled: opts.emotion ?? true, minConfidence: 0, modelPath: 'emotion.json', ...off },
      description: { enabled: opts.embedding ?? true, modelPath: 'faceres.json', minConfidence: 0, ...off },
      antispoof: { enabled: opts.authenticity ?? true, modelPath: 'antispoof.json', ...off },
      liveness: { enabled: opts.authenticity ?? true, modelPath: 'liveness.json', ...off },
    } as Config['face'],
  };
}

export interface Engine {
  human: HumanType;
  /** ms spent loading models (backend init + weights) */
  loadMs: number;
  /** the second face detector (ADR 0105), on the same tfjs; absent when not loaded */
  ssd?: SsdDetector;
  /** the third (ADR 0225), on the same tfjs; absent when not loaded */
  faceboxes?: FaceBoxesDetector;
  /** a second opinion on small faces in a crowd (ADR 0236), on the same tfjs; absent when not loaded */
  front?: FrontDetector;
  detect(rgb: { data: Buffer; width: number; height: number }, opts?: EngineOptions): Promise<HumanResult>;
}

/** Creates a Human instance on the tfjs WASM backend with all models loaded from node_modules. */
export async function createEngine(opts: EngineOptions = {}): Promise<Engine> {
  const started = performance.now();
  const { Human } = require(path.join(humanPackageDir(), 'dist', 'human.node-wasm.js')) as {
    Human: new (c: Partial<Config>) => HumanType;
  };
  const human = new Human(humanConfig(opts));
  registerFileRouter(human.tf.io as unknown as TfIo);
  await human.init();
  await human.load();
  const faces = opts.faces ?? true;
  const ssd = faces ? await createSsdDetector(human.tf as unknown as Record<string, unknown>) : undefined;
  const faceboxes = faces ? await createFaceBoxes(human.tf) : undefined;
  const front = faces ? await createFrontDetector(human.tf) : undefined;
  const loadMs = performance.now() - started;
  const tf = human.tf;
  return {
    human,
    loadMs,
    ssd,
    faceboxes,
    front,
    async detect(rgb, runOpts = opts) {
      const pixels = new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength);
      const tensor = tf.tidy(() =>
        tf.expandDims(tf.cast(tf.tensor3d(pixels, [rgb.height, rgb.width, 3], 'int32'), 'float32'), 0),
      );
      try {
        return await human.detect(tensor, humanConfig(runOpts));
      } finally {
        tf.dispose(tensor);
      }
    },
  };
}
