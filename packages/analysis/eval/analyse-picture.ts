import { analyseImage, type AnalyseOptions } from '../src/image/analyse-image.ts';
import { decodeImage } from '../src/image/decode-image.ts';
import type { ImageAnalysis } from '../src/image/face-analysis.ts';
import type { Engine } from '../src/image/human-engine.ts';

/**
 * A picture analysed as the server's workers do it (faces, objects, embedding; no authenticity),
 * with the closer look for small faces always on (EVAL_CLOSER=hint: only on a hint, as on a
 * periodic check that was not picked for the scene pass; =off: never).
 */
export async function analysePicture(engine: Engine, bytes: Buffer): Promise<ImageAnalysis> {
  const rgb = await decodeImage(bytes);
  const mode = process.env.EVAL_CLOSER;
  const closer: AnalyseOptions['closer'] = mode === 'hint' ? 'hint' : mode === 'off' ? false : true;
  return analyseImage(engine, rgb, { objects: true, closer, embedding: true, authenticity: false });
}
