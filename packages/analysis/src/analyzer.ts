import { decodeAudio } from './audio/decode-audio.ts';
import { checkAudioLevel, type SpeakerResult } from './audio/speakers.ts';
import { assertImageSignature, decodeBase64Image } from './image/decode-image.ts';
import type { ImageAnalysis } from './image/face-analysis.ts';
import type { JobRequest } from './pool/protocol.ts';
import { WorkerPool, type PoolOptions, type PoolStats } from './pool/worker-pool.ts';
import {
  faceDescription,
  faceMatchResult,
  imageSummary,
  singleFaceResult,
  type FaceDescription,
  type FaceMatchResult,
  type ImageSummary,
  type SingleFaceResult,
} from './responses.ts';

/** What the API needs from the analysis engine; implemented locally (worker threads) or remotely (the `analysis` role). */
export interface Analyzer {
  /** base64 JPEG (no prefix) -> the single-face answer */
  singleFace(primaryImage: string): Promise<SingleFaceResult>;
  faceMatch(primaryImage: string, currentImage: string): Promise<FaceMatchResult>;
  /** faces, objects and expressions of one picture (for saved proctoring images) */
  describe(image: Buffer): Promise<ImageSummary>;
  /**
   * describe() plus the single face's embedding when `embedding` is true (for a cached match).
   * `scene` (default true): with a face, also look closer for small faces behind it and for objects
   * (no names without a face); false: faces only, the closer look only on a hint
   * (a face the mesh did not confirm). Which periodic checks get the scene pass: ADR 0102.
   */
  describeFace(image: Buffer, embedding: boolean, scene?: boolean): Promise<FaceDescription>;
  /**
   * A frame sampled from a video answer: faces, expressions and the single face's embedding; no
   * object search (the video rules ask only who is in the picture), so a frame costs less.
   */
  describeFrame(image: Buffer): Promise<FaceDescription>;
  countSpeakers(audio: Buffer): Promise<SpeakerResult>;
  stats(): Promise<PoolStats | Record<string, unknown>>;
  /**
   * Loads the models now, ahead of a first check (15-20 s on a fresh node), without waiting for
   * them; absent where there is nothing to load here (the remote analysis role).
   */
  warm?(): void;
  close(): Promise<void>;
}

/** copies the bytes into their own ArrayBuffer so they can be transferred to a worker */
function own(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

export function createLocalAnalyzer(options: PoolOptions = {}): Analyzer & { pool: WorkerPool } {
  const pool = new WorkerPool(options);
  const image = async (bytes: Buffer, full: boolean, field = 'image', closer?: true) => {
    assertImageSignature(bytes, field);
    const data = own(bytes);
    const job: JobRequest = {
      kind: 'image',
      image: data,
      field,
      objects: true,
      embedding: full,
      authenticity: full,
      closer,
    };
    return (await pool.run(job, [data.buffer as ArrayBuffer])) as ImageAnalysis;
  };
  return {
    pool,
    async singleFace(primaryImage) {
      // the count of one picture, as the evaluation measures it: the scene pass's second detector
      // looks for small faces behind a face and for a lone small face (ADR 0216)
      const bytes = decodeBase64Image(primaryImage, 'primaryImage');
      return singleFaceResult(await image(bytes, false, 'primaryImage', true));
    },
    async faceMatch(primaryImage, currentImage) {
      const a = own(decodeBase64Image(primaryImage, 'primaryImage'));
      const b = own(decodeBase64Image(currentImage, 'currentImage'));
      assertImageSignature(a, 'primaryImage');
      assertImageSignature(b, 'currentImage');
      const [p, c] = (await pool.run({ kind: 'images', images: [a, b] }, [
        a.buffer as ArrayBuffer,
        b.buffer as ArrayBuffer,
      ])) as ImageAnalysis[];
      return faceMatchResult(p, c);
    },
    async describe(bytes) {
      return imageSummary(await image(bytes, false));
    },
    async describeFace(bytes, embedding, scene = true) {
      assertImageSignature(bytes, 'image');
      const data = own(bytes);
      const job: JobRequest = {
        kind: 'image',
        image: data,
        field: 'image',
        // a periodic check with no face has failed already: objects are not looked for (with several,
        // they are: the server may find the others static, ADR 0103)
        objects: scene ? 'with-face' : false,
        closer: scene ? true : 'hint',
        embedding,
        authenticity: false,
      };
      return faceDescription((await pool.run(job, [data.buffer as ArrayBuffer])) as ImageAnalysis, embedding);
    },
    async describeFrame(bytes) {
      assertImageSignature(bytes, 'image');
      const data = own(bytes);
      const job: JobRequest = {
        kind: 'image',
        image: data,
        field: 'frame',
        objects: false,
        embedding: true,
        authenticity: false,
      };
      return faceDescription((await pool.run(job, [data.buffer as ArrayBuffer])) as ImageAnalysis, true);
    },
    async countSpeakers(audio) {
      // ffmpeg runs as a child process, so decoding here keeps corrupt or silent clips off the workers
      const pcm = await decodeAudio(audio);
      checkAudioLevel(pcm);
      return (await pool.run({ kind: 'speakers', pcm }, [pcm.buffer as ArrayBuffer])) as SpeakerResult;
    },
    async stats() {
      return pool.stats();
    },
    warm() {
      // a worker that cannot start fails the first check as before (503), not this
      pool.start().catch(() => undefined);
    },
    close: () => pool.close(),
  };
}
