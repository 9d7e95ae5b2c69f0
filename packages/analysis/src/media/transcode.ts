import { AnalysisInputError } from '../errors.ts';
import { FFMPEG, runTool } from './ffmpeg.ts';

async function ffmpeg(args: string[], timeoutMs: number) {
  const run = await runTool(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], timeoutMs, 1024);
  if (run.timedOut || run.code !== 0)
    throw new AnalysisInputError('CORRUPT_RECORDING', 'The recording could not be converted.', 422);
}

/** A spoken answer as the spec stores it: WAV (16 kHz mono, 16-bit), `maxSeconds` at most. */
export function toWav(input: string, output: string, maxSeconds: number, timeoutMs = 30_000) {
  return ffmpeg(
    [
      '-i',
      input,
      '-map',
      '0:a:0',
      '-t',
      String(maxSeconds),
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      output,
    ],
    timeoutMs,
  );
}

/**
 * A video re-muxed without re-encoding (stream copy): MediaRecorder's webm has no duration or
 * cues, so a player could not seek it; mp4 gets its index at the front for playback while loading.
 */
export function remuxVideo(input: string, output: string, container: 'webm' | 'mp4', timeoutMs = 30_000) {
  return ffmpeg(
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      ...(container === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']),
      output,
    ],
    timeoutMs,
  );
}
