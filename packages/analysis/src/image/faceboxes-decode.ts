/**
 * FaceBoxes' own post-processing, done in JavaScript on the few anchors that matter (ADR 0242).
 * The converted graph decodes all 19,096 anchors of a 1024 px picture with tensor ops (Unpack,
 * Tile, Pack, Gather on the wasm backend: ~70 ms of a ~190 ms pass) before its non-maximum
 * suppression keeps a handful. The same arithmetic, in float32 as the graph does it, on the anchors
 * whose score can still be kept, gives the same boxes: the coder's constants are read from the
 * model's own weights (faceboxes.ts), not written here.
 */

/** the constants of the graph's box coder, clipping and suppression, as its weights hold them */
export interface FaceBoxesCoder {
  /** the encodings [ty, tx, th, tw] are multiplied by these (the graph's 1/10, 1/10, 1/5, 1/5) */
  scales: [number, number, number, number];
  /** the anchor's centre: min + centre x size, for y and x */
  centre: [number, number];
  /** the box from its centre: [ymin, xmin, ymax, xmax] = centre -/+ half x size */
  half: [number, number, number, number];
  /** decoded boxes are clipped to [low, high] before and after they are made relative to the picture */
  clip: [number, number];
  clipOut: [number, number];
  /** anchors scoring below this never reach the suppression */
  keepMin: number;
  /** the suppression's IoU threshold and its most boxes */
  iou: number;
  maxBoxes: number;
}

/** what depends only on the input's size: the anchors and the padding's scale, cached per size */
export interface FaceBoxesFrame {
  /** [ymin, xmin, ymax, xmax] per anchor, fractions of the padded input (the graph's own anchors) */
  anchors: ArrayLike<number>;
  /** [h, w, h, w]: the picture's share of the padded input */
  scale: ArrayLike<number>;
}

export interface DecodedBoxes {
  /** [ymin, xmin, ymax, xmax] fractions of the picture, four per box */
  boxes: number[];
  scores: number[];
}

const f = Math.fround;

/**
 * The anchors scoring at least `minScore` (and the graph's keepMin), decoded as the graph decodes
 * them: centre-size anchors moved and scaled by the encodings, clipped, made relative to the
 * picture and clipped again, each step rounded to float32. In anchor order, as the graph hands them
 * to its suppression.
 */
export function decodeFaceBoxes(
  scores: ArrayLike<number>,
  encodings: ArrayLike<number>,
  frame: FaceBoxesFrame,
  coder: FaceBoxesCoder,
  minScore: number,
): DecodedBoxes {
  const { anchors, scale } = frame;
  const [r0, r1, r2, r3] = coder.scales;
  const [c0, c1] = coder.centre;
  const [h0, h1, h2, h3] = coder.half;
  const clip = (v: number, [lo, hi]: [number, number]) => Math.max(Math.min(v, hi), lo);
  const floor = Math.max(minScore, coder.keepMin);
  const out: DecodedBoxes = { boxes: [], scores: [] };
  for (let i = 0; i < scores.length; i++) {
    if (!(scores[i] >= floor)) continue;
    const [a0, a1, a2, a3] = [anchors[4 * i], anchors[4 * i + 1], anchors[4 * i + 2], anchors[4 * i + 3]];
    const ha = f(a2 - a0);
    const wa = f(a3 - a1);
    const yca = f(a0 + f(c0 * ha));
    const xca = f(a1 + f(c1 * wa));
    const ty = f(encodings[4 * i] * r0);
    const tx = f(encodings[4 * i + 1] * r1);
    const h = f(f(Math.exp(f(encodings[4 * i + 2] * r2))) * ha);
    const w = f(f(Math.exp(f(encodings[4 * i + 3] * r3))) * wa);
    const yc = f(f(ty * ha) + yca);
    const xc = f(f(tx * wa) + xca);
    const box = [f(yc - f(h0 * h)), f(xc - f(h1 * w)), f(yc + f(h2 * h)), f(xc + f(h3 * w))];
    for (let k = 0; k < 4; k++) out.boxes.push(clip(f(clip(box[k], coder.clip) / scale[k]), coder.clipOut));
    out.scores.push(scores[i]);
  }
  return out;
}
