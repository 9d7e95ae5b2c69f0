import { cosineSimilarity, EMOTIONS, type Emotion, type ImageAnalysis } from './image/face-analysis.ts';
import { faceFraming, type FaceFraming } from './image/face-framing.ts';
import { thresholds } from './image/thresholds.ts';

export interface SingleFaceResult {
  face_detected: boolean;
  multiple_faces: boolean;
  face_count: number;
  object_detected: boolean;
  object_names: string[];
}

export interface ImageSummary {
  face_detected: boolean;
  face_count: number;
  object_detected: boolean;
  objects_count: number;
  object_names: string[];
  analysis: {
    expressions: { all_emotions: Record<Emotion, number>; dominant_emotion: Emotion | 'unknown'; confidence: number };
  };
}

export interface AuthenticityEntry {
  real: number | null;
  live: number | null;
  authentic: boolean | null;
}

export interface FaceMatchResult {
  success: boolean;
  face_match: boolean;
  /** cosine similarity of the two face embeddings as a percentage (0-100) */
  similarity_score: number;
  threshold: number;
  primary_image_analysis: ImageSummary;
  current_image_analysis: ImageSummary;
  error_message: string | null;
  step: 'primary_analysis' | 'current_analysis' | 'face_comparison';
  authenticity_summary: {
    primary: AuthenticityEntry;
    current: AuthenticityEntry;
    is_authentic: boolean | null;
    note: string;
  };
}

const uniq = (xs: string[]) => [...new Set(xs)];

export function singleFaceResult(a: ImageAnalysis): SingleFaceResult {
  const names = uniq(a.objects.map((o) => o.label));
  return {
    face_detected: a.faces.length > 0,
    multiple_faces: a.faces.length > 1,
    face_count: a.faces.length,
    object_detected: names.length > 0,
    object_names: names,
  };
}

export function imageSummary(a: ImageAnalysis): ImageSummary {
  const all = a.faces[0]?.emotions ?? (Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>);
  let dominant: Emotion | 'unknown' = 'unknown';
  let confidence = 0;
  for (const e of EMOTIONS) {
    if (all[e] > confidence) {
      confidence = all[e];
      dominant = e;
    }
  }
  const names = uniq(a.objects.map((o) => o.label));
  return {
    face_detected: a.faces.length > 0,
    face_count: a.faces.length,
    object_detected: names.length > 0,
    objects_count: a.objects.length,
    object_names: names,
    analysis: {
      expressions: { all_emotions: all, dominant_emotion: a.faces.length ? dominant : 'unknown', confidence },
    },
  };
}

function authenticity(a: ImageAnalysis): AuthenticityEntry {
  const f = a.faces[0];
  if (!f || f.real === null || f.live === null)
    return { real: f?.real ?? null, live: f?.live ?? null, authentic: null };
  return { real: f.real, live: f.live, authentic: f.real >= thresholds.realMin && f.live >= thresholds.liveMin };
}

export function faceMatchResult(primary: ImageAnalysis, current: ImageAnalysis): FaceMatchResult {
  const p = authenticity(primary);
  const c = authenticity(current);
  const base = {
    success: false,
    face_match: false,
    similarity_score: 0,
    threshold: Math.round(thresholds.matchCosine * 100),
    primary_image_analysis: imageSummary(primary),
    current_image_analysis: imageSummary(current),
    authenticity_summary: {
      primary: p,
      current: c,
      is_authentic: c.authentic,
      note: 'Advisory only: antispoof/liveness scores from single still images are unreliable and never decide a match.',
    },
  };
  const problem = (img: ImageAnalysis, which: 'primary' | 'current') =>
    img.faces.length === 0
      ? `No face detected in ${which} image`
      : img.faces.length > 1
        ? `Multiple faces detected in ${which} image`
        : null;
  const pErr = problem(primary, 'primary');
  if (pErr) return { ...base, error_message: pErr, step: 'primary_analysis' };
  const cErr = problem(current, 'current');
  if (cErr) return { ...base, error_message: cErr, step: 'current_analysis' };
  const ea = primary.faces[0].embedding;
  const eb = current.faces[0].embedding;
  if (!ea || !eb) return { ...base, error_message: 'Face embedding could not be computed', step: 'face_comparison' };
  const cos = cosineSimilarity(ea, eb);
  return {
    ...base,
    success: true,
    face_match: cos >= thresholds.matchCosine,
    similarity_score: Math.round(Math.max(0, cos) * 10000) / 100,
    error_message: null,
    step: 'face_comparison',
  };
}

/**
 * One picture of a periodic check: faces, objects, expressions and (when asked and exactly one
 * face is found) its face embedding, so a caller can keep a primary picture's embedding and match
 * later pictures against it without analysing the primary again.
 */
export interface FaceDescription extends ImageSummary {
  /** the single face's embedding, or null (not asked, no face, several faces, not computed) */
  embedding: number[] | null;
  /**
   * with several faces: their boxes [x, y, w, h] in the decoded picture, the largest first, and the
   * largest face's embedding (when asked), so a caller that finds the others static against the
   * primary picture (staticFacesAgainst, ADR 0103) can still match the candidate
   */
  face_boxes?: [number, number, number, number][];
  largest_embedding?: number[] | null;
  /**
   * with exactly one face: whether it is framed well enough to judge who it is ('cut': partly past
   * the picture's edge, 'small': too far away), ADR 0244; absent with no face or several
   */
  face_framing?: FaceFraming;
}

export function faceDescription(a: ImageAnalysis, withEmbedding: boolean): FaceDescription {
  const embedding = withEmbedding && a.faces.length === 1 ? (a.faces[0]?.embedding ?? null) : null;
  if (a.faces.length === 1)
    return { ...imageSummary(a), embedding, face_framing: faceFraming(a.width, a.height, a.faces[0].box) };
  if (a.faces.length === 0) return { ...imageSummary(a), embedding };
  return {
    ...imageSummary(a),
    embedding,
    face_boxes: a.faces.map((f) => f.box),
    largest_embedding: withEmbedding ? (a.faces[0].embedding ?? null) : null,
  };
}

/** Matches two face embeddings with the face-match threshold: similarity as a percentage 0-100. */
export function matchEmbeddings(
  primary: ArrayLike<number>,
  current: ArrayLike<number>,
): { face_match: boolean; similarity_score: number; threshold: number } {
  const cos = cosineSimilarity(primary, current);
  return {
    face_match: cos >= thresholds.matchCosine,
    similarity_score: Math.round(Math.max(0, cos) * 10000) / 100,
    threshold: Math.round(thresholds.matchCosine * 100),
  };
}
