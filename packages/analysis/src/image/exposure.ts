import type { RgbImage } from './decode-image.ts';
import { summarise, type FaceInfo } from './face-analysis.ts';
import type { Engine } from './human-engine.ts';

/**
 * A dark face is embedded again from a brightened picture (ADR 0111). A webcam in a dim room
 * sends a face far darker than the faces the embedding model learnt from, and its embedding then
 * drifts from the candidate's own setup picture (the held-out webcam at 22 % brightness: cosine
 * 0.35-0.43 against its other pictures, under the 0.6 match threshold: an honest candidate told
 * "Identity Verification Failed"). Only the embedding is redone, and only for a face whose box is
 * dark: brightening a whole picture by its overall levels was tried first and made matching worse
 * (a small face on a grey background, brightened by the background, lost 0.15 of similarity).
 */

/** a face whose mean luma (0-1) is under this is dark */
export const DARK_FACE_LUMA = 0.25;
/** the mean luma the face is brought to */
export const FACE_LUMA_TARGET = 0.5;
/** never more gain than this: beyond it the picture is mostly noise */
export const MAX_GAIN = 4;

/** Mean luma (0-1) of the pixels inside `box` ([x, y, width, height], clipped to the picture). */
export function meanLumaIn(rgb: RgbImage, box: readonly number[]): number {
  const x0 = Math.max(0, Math.floor(box[0]!));
  const y0 = Math.max(0, Math.floor(box[1]!));
  const x1 = Math.min(rgb.width, Math.ceil(box[0]! + box[2]!));
  const y1 = Math.min(rgb.height, Math.ceil(box[1]! + box[3]!));
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = 3 * (y * rgb.width + x);
      sum += 0.299 * rgb.data[i]! + 0.587 * rgb.data[i + 1]! + 0.114 * rgb.data[i + 2]!;
      n++;
    }
  return n ? sum / n / 255 : 0;
}

/** The gain that brings a face of mean luma `luma` to the target: 1 when it is not dark. */
export function faceGain(luma: number): number {
  if (luma >= DARK_FACE_LUMA) return 1;
  return Math.min(MAX_GAIN, FACE_LUMA_TARGET / Math.max(luma, 1 / 255));
}

/** The picture with every channel multiplied by `gain` (clipped at white). */
export function brightened(rgb: RgbImage, gain: number): RgbImage {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round(v * gain));
  const data = Buffer.allocUnsafe(rgb.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[rgb.data[i]!]!;
  return { data, width: rgb.width, height: rgb.height };
}

const overlap = (a: readonly number[], b: readonly number[]) => {
  const w = Math.min(a[0]! + a[2]!, b[0]! + b[2]!) - Math.max(a[0]!, b[0]!);
  const h = Math.min(a[1]! + a[3]!, b[1]! + b[3]!) - Math.max(a[1]!, b[1]!);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a[2]! * a[3]! + b[2]! * b[3]! - w * h);
};

/**
 * The embedding of `face` (the largest face of `rgb`): from the brightened picture when the face
 * is dark and the brightened picture still shows it at the same place, else the one it has.
 */
export async function embeddingInTheLight(engine: Engine, rgb: RgbImage, face: FaceInfo): Promise<number[] | null> {
  const gain = faceGain(meanLumaIn(rgb, face.box));
  if (gain === 1 || !face.embedding) return face.embedding;
  const result = await engine.detect(brightened(rgb, gain), {
    faces: true,
    embedding: true,
    emotion: false,
    objects: false,
    authenticity: false,
  });
  if (result.error) return face.embedding;
  const same = summarise(result, rgb.width, rgb.height, 0).faces.find((f) => overlap(f.box, face.box) >= 0.5);
  return same?.embedding ?? face.embedding;
}
