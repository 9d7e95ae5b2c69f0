import { confirmSecondLook, lookCloser } from './closer-look.ts';
import type { RgbImage } from './decode-image.ts';
import { embeddingInTheLight } from './exposure.ts';
import { summarise, type FaceInfo, type ImageAnalysis } from './face-analysis.ts';
import type { Engine, EngineOptions } from './human-engine.ts';
import { greyWorldGains, looksPhotographic, whitePatchGains } from './skin-tone.ts';

export interface AnalyseOptions extends Omit<EngineOptions, 'objects' | 'faces' | 'emotion'> {
  /**
   * run the object detector; 'with-face' only when a face was confirmed (with several, one of them
   * may still turn out to be a picture on the wall: static-faces.ts)
   */
  objects?: boolean | 'with-face';
  /**
   * look closer for small faces (closer-look.ts): true (the scene pass): the second look (FaceBoxes,
   * and SSD when no face was found) over the whole picture, with or without a confirmed face (ADR
   * 0105, 0225); 'hint': the three upper tiles behind a confirmed face, only when the detector saw
   * a face the mesh did not confirm; false: never
   */
  closer?: boolean | 'hint';
}

async function detect(engine: Engine, rgb: RgbImage, opts: EngineOptions) {
  const result = await engine.detect(rgb, opts);
  if (result.error) throw new Error(`detection failed: ${result.error}`);
  return result;
}

/**
 * drops confirmed faces without skin tone among colours (a drawn face), as taken or with the
 * picture's colour cast taken out; faces in grey surroundings pass
 */
function photographic(rgb: RgbImage, faces: FaceInfo[]): FaceInfo[] {
  if (faces.length === 0) return faces;
  const balances = [greyWorldGains(rgb), whitePatchGains(rgb)];
  return faces.filter((f) => looksPhotographic(rgb, f.box, balances));
}

const NO_EMOTIONS = { neutral: 0, happy: 0, sad: 0, angry: 0, fearful: 0, disgusted: 0, surprised: 0 };

/**
 * One picture's faces (and objects): the analysis every caller uses, the workers and the
 * evaluation alike. Faces are the detector's, confirmed by the mesh and, in a colour picture, by
 * skin tone. With a face found, the closer look may find small faces behind it; with none, on the
 * scene pass, the second look (FaceBoxes and SSD) searches the whole picture (ADR 0105, 0225); with
 * a face, objects are looked for ('with-face': with none the check has failed already). Faces that are pictures on the
 * wall are dropped later, against the attempt's primary picture (static-faces.ts, ADR 0103).
 */
export async function analyseImage(engine: Engine, rgb: RgbImage, opts: AnalyseOptions): Promise<ImageAnalysis> {
  const started = performance.now();
  const withObjects = opts.objects === true;
  const main = await detect(engine, rgb, { ...opts, objects: withObjects });
  const a = summarise(main, rgb.width, rgb.height, 0);
  a.faces = photographic(rgb, a.faces);
  // a dark face is embedded again from a brightened picture (ADR 0111)
  if (opts.embedding && a.faces[0]) a.faces[0].embedding = await embeddingInTheLight(engine, rgb, a.faces[0]);
  const hint = a.candidates > a.faces.length;
  const found = a.faces.length >= 1;
  // on the scene pass the second look (FaceBoxes; SSD too with no face) covers the whole picture (ADR
  // 0105, 0225); on other checks the three upper tiles look behind a face, on a hint only (ADR 0102)
  const second = opts.closer === true;
  const tiles = found && opts.closer === 'hint' && hint;
  if (second || tiles) {
    const known = a.faces.map((f) => f.box);
    const closer = second ? await confirmSecondLook(engine, rgb, known) : await lookCloser(engine, rgb, known);
    const small = closer.map<FaceInfo>((f) => ({
      box: f.box.map((v) => Math.round(v)) as FaceInfo['box'],
      boxScore: Math.round(f.boxScore * 1e4) / 1e4,
      meshScore: Math.round(f.meshScore * 1e4) / 1e4,
      emotions: { ...NO_EMOTIONS },
      embedding: null,
      real: null,
      live: null,
    }));
    // largest first, as summarise() gives them; behind a face, the small ones go after it
    if (!found) small.sort((x, y) => y.box[2] * y.box[3] - x.box[2] * x.box[3]);
    a.faces.push(...photographic(rgb, small));
  }
  if (opts.objects === 'with-face' && a.faces.length >= 1) {
    const objects = await detect(engine, rgb, { faces: false, objects: true });
    a.objects = summarise(objects, rgb.width, rgb.height, 0).objects;
  }
  return { ...a, ms: Math.round(performance.now() - started) };
}
