import { AnalysisInputError } from '../errors.ts';
import { FFMPEG, runTool } from './ffmpeg.ts';

export const frameParams = {
  /** frames sampled from a video at most, and at least this far apart (seconds) */
  maxFrames: 8,
  minGapSeconds: 5,
  /** the first second (a camera settling) is not sampled */
  skipSeconds: 1,
  /** key frames at most this far apart let the sampler decode key frames only */
  denseKeyFrameGap: 5,
};

/** The sampling gap of a video of this length: up to maxFrames frames, at least minGapSeconds apart. */
export const frameGap = (durationSeconds: number, p = frameParams) =>
  Math.max(p.minGapSeconds, durationSeconds / p.maxFrames);

/** Whether the key frames are close enough to sample from them alone (no full decode). */
export function denseKeyFrames(keyFrames: number[], durationSeconds: number, p = frameParams): boolean {
  if (keyFrames.length < 2 || keyFrames[0]! > p.denseKeyFrameGap) return false;
  for (let i = 1; i < keyFrames.length; i++) if (keyFrames[i]! - keyFrames[i - 1]! > p.denseKeyFrameGap) return false;
  return durationSeconds - keyFrames[keyFrames.length - 1]! <= p.denseKeyFrameGap;
}

/** Splits ffmpeg's MJPEG pipe into its JPEG pictures (each FFD8FF ... FFD9). */
export function splitJpegs(data: Buffer): Buffer[] {
  const soi = Buffer.from([0xff, 0xd8, 0xff]);
  const boundary = Buffer.from([0xff, 0xd9, 0xff, 0xd8, 0xff]);
  const out: Buffer[] = [];
  let start = data.indexOf(soi);
  while (start >= 0) {
    const next = data.indexOf(boundary, start + 3);
    out.push(data.subarray(start, next >= 0 ? next + 2 : data.length));
    start = next >= 0 ? next + 2 : -1;
  }
  return out;
}

/**
 * JPEG frames of a video, one every frameGap seconds after the first second. With key frames at
 * most denseKeyFrameGap apart only key frames are decoded (`-skip_frame nokey`, a fraction of the
 * CPU); otherwise every frame is decoded, so a file with rare key frames still shows what it holds.
 */
export async function sampleFrames(
  file: string,
  durationSeconds: number,
  keyFrames: number[],
  p = frameParams,
  timeoutMs = 60_000,
): Promise<{ frames: Buffer[]; keyFramesOnly: boolean }> {
  const keyFramesOnly = denseKeyFrames(keyFrames, durationSeconds, p);
  const gap = frameGap(durationSeconds, p).toFixed(3);
  const select = `select='gte(t\\,${p.skipSeconds})*(isnan(prev_selected_t)+gte(t-prev_selected_t\\,${gap}))'`;
  const run = await runTool(
    FFMPEG,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      ...(keyFramesOnly ? ['-skip_frame', 'nokey'] : []),
      '-i',
      file,
      '-map',
      '0:v:0',
      '-an',
      '-vf',
      `${select},scale='min(640,iw)':-2`,
      '-fps_mode',
      'vfr',
      '-frames:v',
      String(p.maxFrames),
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-f',
      'image2pipe',
      'pipe:1',
    ],
    timeoutMs,
    p.maxFrames * 2 * 1024 * 1024,
  );
  if (run.timedOut || run.code !== 0)
    throw new AnalysisInputError('CORRUPT_RECORDING', 'The video\u2019s pictures could not be decoded.', 422);
  return { frames: splitJpegs(run.stdout), keyFramesOnly };
}
