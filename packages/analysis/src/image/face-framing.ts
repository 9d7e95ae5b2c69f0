/**
 * Is one face framed well enough to say who it is? A face partly past the picture's edge or very
 * small gives an embedding too poor to compare: an honest candidate leaning out of the picture
 * would be told "Your photo does not match" and recorded as another person. Such a picture is a
 * face that cannot be seen well ("come closer to the camera"), never a verdict on identity
 * (ADR 0244). Thresholds: thresholds.ts.
 */
import { thresholds } from './thresholds.ts';

export type FaceFraming = 'ok' | 'cut' | 'small';

/**
 * A face box [x, y, w, h] in a picture of `width` x `height`. The confirmed faces' boxes are
 * square (483 faces of the evaluation pictures: only five tiny ones from the second detector were
 * not); one cut to the picture at an edge is not, so at an edge the share past it is measured
 * against a square of the box's longer side (and against the box itself where it runs past).
 */
export function faceFraming(
  width: number,
  height: number,
  box: readonly [number, number, number, number],
): FaceFraming {
  const [x, y, w, h] = box;
  const side = Math.max(w, h);
  if (!(side > 0)) return 'small';
  const atEdge = x <= 1 || y <= 1 || x + w >= width - 1 || y + h >= height - 1;
  if (atEdge) {
    const shownW = Math.max(0, Math.min(width, x + w) - Math.max(0, x));
    const shownH = Math.max(0, Math.min(height, y + h) - Math.max(0, y));
    if (1 - (shownW * shownH) / (side * side) >= thresholds.identityCutMax) return 'cut';
  }
  return side < thresholds.identityFaceMinPx ? 'small' : 'ok';
}
