/**
 * Worker-thread entry: loads the face models (tfjs WASM) and the VAD once, keeps them warm,
 * and answers one job at a time. Every image is a fresh detect() with caching off.
 */
import { parentPort } from 'node:worker_threads';
import { countSpeakers } from '../audio/speakers.ts';
import { createVad } from '../audio/vad.ts';
import { AnalysisInputError } from '../errors.ts';
import { decodeImage, type RgbImage } from '../image/decode-image.ts';
import { summarise, type ImageAnalysis } from '../image/face-analysis.ts';
import { createEngine, type EngineOptions } from '../image/human-engine.ts';
import type { JobRequest, JobResult, SerializedError, WorkerMessage } from './protocol.ts';

const port = parentPort!;
const send = (m: WorkerMessage) => port.postMessage(m);

function serialize(e: unknown): SerializedError {
  if (e instanceof AnalysisInputError)
    return { name: e.name, message: e.message, code: e.code, statusCode: e.statusCode };
  const err = e instanceof Error ? e : new Error(String(e));
  return { name: err.name, message: err.message };
}

async function main() {
  const engine = await createEngine();
  const vad = await createVad();
  // first inference compiles the WASM kernels: do it now so the first candidate does not pay for it
  const t = performance.now();
  const w = 320;
  const h = 240;
  const pixels = Buffer.alloc(w * h * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 255;
  await engine.detect({ data: pixels, width: w, height: h });
  const firstInferenceMs = performance.now() - t;

  async function detect(rgb: RgbImage, opts: EngineOptions) {
    const result = await engine.detect(rgb, opts);
    if (result.error) throw new Error(`detection failed: ${result.error}`);
    return result;
  }

  /**
   * objects 'one-face': the faces first, then the object detector (the costliest model) only if
   * exactly one face was confirmed; with none or several the check has failed already.
   */
  async function image(
    bytes: Uint8Array,
    opts: Omit<EngineOptions, 'objects'> & { objects?: boolean | 'one-face' },
    field: string,
  ): Promise<ImageAnalysis> {
    const rgb = await decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), field);
    const started = performance.now();
    if (opts.objects !== 'one-face') {
      const result = await detect(rgb, { ...opts, objects: opts.objects });
      return summarise(result, rgb.width, rgb.height, performance.now() - started);
    }
    const faces = summarise(await detect(rgb, { ...opts, objects: false }), rgb.width, rgb.height, 0);
    if (faces.faces.length === 1) {
      const objects = await detect(rgb, { faces: false, objects: true });
      faces.objects = summarise(objects, rgb.width, rgb.height, 0).objects;
    }
    return { ...faces, ms: Math.round(performance.now() - started) };
  }

  async function run(job: JobRequest): Promise<JobResult> {
    switch (job.kind) {
      case 'image':
        return image(
          job.image,
          { objects: job.objects, embedding: job.embedding, authenticity: job.authenticity },
          job.field ?? 'image',
        );
      case 'images': {
        const out: ImageAnalysis[] = [];
        const names = ['primaryImage', 'currentImage'];
        for (let i = 0; i < job.images.length; i++)
          out.push(
            await image(job.images[i], { objects: true, embedding: true, authenticity: true }, names[i] ?? 'image'),
          );
        return out;
      }
      case 'speakers':
        return countSpeakers(job.pcm, vad);
      case 'sleep': {
        const until = Date.now() + job.ms;
        while (Date.now() < until) {
          /* busy: used by tests to simulate a stuck worker */
        }
        return null;
      }
    }
  }

  port.on('message', async (msg: { id: number; job: JobRequest }) => {
    try {
      send({ type: 'result', id: msg.id, ok: true, result: await run(msg.job) });
    } catch (e) {
      send({ type: 'result', id: msg.id, ok: false, error: serialize(e) });
    }
  });
  send({ type: 'ready', loadMs: engine.loadMs, firstInferenceMs });
}

main().catch((e) => send({ type: 'fatal', error: serialize(e) }));
