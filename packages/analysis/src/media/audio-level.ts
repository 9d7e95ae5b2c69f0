import { AnalysisInputError } from '../errors.ts';
import { FFMPEG, runTool } from './ffmpeg.ts';

/** Enough for speech level: 8 kHz mono. */
const LEVEL_RATE = 8000;

/**
 * The RMS (0 to 1) of a recording's first audio stream over at most `maxSeconds`, decoded by
 * ffmpeg to 8 kHz mono float. A stream that does not decode is a 422.
 */
export async function audioRms(file: string, maxSeconds: number, timeoutMs = 30_000): Promise<number> {
  const run = await runTool(
    FFMPEG,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-t',
      String(maxSeconds),
      '-ac',
      '1',
      '-ar',
      String(LEVEL_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ],
    timeoutMs,
    (maxSeconds + 5) * LEVEL_RATE * 4,
  );
  if (run.timedOut || run.code !== 0)
    throw new AnalysisInputError('CORRUPT_RECORDING', 'The recording\u2019s audio could not be decoded.', 422);
  const n = Math.floor(run.stdout.length / 4);
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = run.stdout.readFloatLE(i * 4);
    sum += v * v;
  }
  return Math.sqrt(sum / n);
}
