/**
 * Decision thresholds, tuned on the evaluation set in packages/analysis/eval
 * (see docs/proctoring-accuracy.md for the figures behind each value).
 */
export const thresholds = {
  /** a detection counts as a face only if the face mesh confirms it (mesh score) */
  faceMeshMin: 0.6,
  /** and the detector's own box score */
  faceBoxMin: 0.3,
  /** cosine similarity of faceres embeddings at or above which two faces are the same person */
  matchCosine: 0.6,
  /** minimum centernet score for a background object */
  objectMin: 0.3,
  /** antispoof ("real") and liveness scores under which a picture is flagged */
  realMin: 0.5,
  liveMin: 0.5,
};

/**
 * COCO labels that matter in an exam room. People are not objects (faces are counted
 * separately); furniture and the like are ignored.
 */
export const SUSPICIOUS_OBJECTS = new Set([
  'cell phone',
  'book',
  'laptop',
  'remote',
  'keyboard',
  'mouse',
  'tv',
  'headphones',
]);
