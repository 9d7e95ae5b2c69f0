import type { SpeakerResult } from '../audio/speakers.ts';
import type { ImageAnalysis } from '../image/face-analysis.ts';

export type JobRequest =
  | {
      kind: 'image';
      image: Uint8Array;
      field?: string;
      /** run the object detector; 'with-face' only when a face was confirmed */
      objects: boolean | 'with-face';
      /**
       * look closer for small faces (analyse-image.ts): always (the second detector), never, or on a
       * hint (the three upper tiles); default 'hint'
       */
      closer?: boolean | 'hint';
      embedding: boolean;
      authenticity: boolean;
    }
  | { kind: 'images'; images: Uint8Array[] }
  | { kind: 'speakers'; pcm: Float32Array }
  | { kind: 'sleep'; ms: number };

export type JobResult = ImageAnalysis | ImageAnalysis[] | SpeakerResult | null;

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  statusCode?: number;
}

export type WorkerMessage =
  | { type: 'ready'; loadMs: number; firstInferenceMs: number }
  | { type: 'result'; id: number; ok: true; result: JobResult }
  | { type: 'result'; id: number; ok: false; error: SerializedError }
  | { type: 'fatal'; error: SerializedError };
