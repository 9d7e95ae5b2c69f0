import type { HumanResult } from './human-engine.ts';
import { SUSPICIOUS_OBJECTS, thresholds } from './thresholds.ts';

export const EMOTIONS = ['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Human's emotion labels -> the spec's sentiment names */
const EMOTION_NAMES: Record<string, Emotion> = {
  neutral: 'neutral',
  happy: 'happy',
  sad: 'sad',
  angry: 'angry',
  fear: 'fearful',
  disgust: 'disgusted',
  surprise: 'surprised',
};

export interface FaceInfo {
  box: [number, number, number, number];
  boxScore: number;
  meshScore: number;
  emotions: Record<Emotion, number>;
  embedding: number[] | null;
  real: number | null;
  live: number | null;
}

export interface ImageAnalysis {
  width: number;
  height: number;
  /** faces confirmed by the mesh, largest first */
  faces: FaceInfo[];
  /** raw detections before the mesh filter (for diagnostics and evaluation) */
  candidates: number;
  objects: { label: string; score: number }[];
  ms: number;
}

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

export function emotionMap(list: { score: number; emotion: string }[] | undefined): Record<Emotion, number> {
  const out = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  for (const item of list ?? []) {
    const name = EMOTION_NAMES[item.emotion];
    if (name) out[name] = round(item.score);
  }
  return out;
}

/**
 * the detector's score a face needs: a small face may score low for its size (0.3-0.5 at 24-45 px),
 * a large one is seen clearly by a real face detector, so a large box scoring low is a shape that
 * happens to look like a face (ADR 0219)
 */
export function boxScoreNeeded(box: readonly number[], width: number, height: number): number {
  const large = Math.min(box[2], box[3]) >= thresholds.largeFaceShare * Math.max(width, height);
  return large ? thresholds.largeFaceBoxMin : thresholds.faceBoxMin;
}

export function summarise(result: HumanResult, width: number, height: number, ms: number): ImageAnalysis {
  const faces = result.face
    .filter((f) => f.faceScore >= thresholds.faceMeshMin && f.boxScore >= boxScoreNeeded(f.box, width, height))
    .map<FaceInfo>((f) => ({
      box: f.box.map((v) => Math.round(v)) as FaceInfo['box'],
      boxScore: round(f.boxScore),
      meshScore: round(f.faceScore),
      emotions: emotionMap(f.emotion),
      embedding: f.embedding && f.embedding.length > 0 ? Array.from(f.embedding) : null,
      real: typeof f.real === 'number' ? round(f.real) : null,
      live: typeof f.live === 'number' ? round(f.live) : null,
    }))
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  const objects = result.object
    .filter((o) => o.score >= thresholds.objectMin && SUSPICIOUS_OBJECTS.has(o.label))
    .map((o) => ({ label: o.label, score: round(o.score) }));
  return { width, height, faces, candidates: result.face.length, objects, ms: Math.round(ms) };
}

/** Cosine similarity of two embeddings, in [-1, 1]. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
