/**
 * Worker-thread entry: loads the face models (tfjs WASM) and the VAD once, keeps them warm,
 * and answers one job at a time. Every image is a fresh detect() with caching off.
 */
import { parentPort } from 'node:worker_threads';
import { countSpeakers } from '../audio/speakers.ts';
import { createVad } from '../audio/vad.ts';
import { AnalysisInputError } from '../errors.ts';
import { analyseImage, type AnalyseOptions } from '../image/analyse-image.ts';
import { decodeImage } from '../image/decode-image.ts';
import type { ImageAnalysis } from '../image/face-analysis.ts';
import { createEngine } from '../image/human-engine.ts';
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
  const warm = { data: pixels, width: w, height: h };
  await engine.detect(warm);
  // and those of the scene pass's second look (SSD, FaceBoxes, the crowd's second opinion: ADR 0105,
  // 0225, 0236)
  await engine.ssd?.detect(warm, 0.5);
  await engine.faceboxes?.detect(warm, 0.5);
  await engine.front?.detect(warm, 0.5);
  const firstInferenceMs = performance.now() - t;

  async function image(bytes: Uint8Array, opts: AnalyseOptions, field: string): Promise<ImageAnalysis> {
    const rgb = await decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), field);
    return analyseImage(engine, rgb, opts);
  }

  async function run(job: JobRequest): Promise<JobResult> {
    switch (job.kind) {
      case 'image':
        return image(
          job.image,
          {
            objects: job.objects,
            closer: job.closer ?? 'hint',
            embedding: job.embedding,
            authenticity: job.authenticity,
          },
          job.field ?? 'image',
        );
      case 'images': {
        const out: ImageAnalysis[] = [];
        const names = ['primaryImage', 'currentImage'];
        for (let i = 0; i < job.images.length; i++)
          out.push(
            await image(
              job.images[i],
              { objects: true, closer: 'hint', embedding: true, authenticity: true },
              names[i] ?? 'image',
            ),
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
