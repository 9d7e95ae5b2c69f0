import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnalysisInputError } from '../errors.ts';

export const SAMPLE_RATE = 16_000;
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
/** only the first 30 s are analysed (the product sends 15 s samples) */
export const MAX_SECONDS = 30;

export const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';

/**
 * Decodes WAV, webm/opus, ogg, mp4/aac, mp3 ... to 16 kHz mono float PCM with Debian's ffmpeg.
 * The bytes go through a temporary file because mp4 needs a seekable input.
 */
export async function decodeAudio(bytes: Buffer, timeoutMs = 15_000): Promise<Float32Array> {
  if (bytes.length === 0) throw new AnalysisInputError('EMPTY_AUDIO', 'Uploaded audio file is empty');
  if (bytes.length > MAX_AUDIO_BYTES)
    throw new AnalysisInputError('AUDIO_TOO_LARGE', `Audio file is larger than ${MAX_AUDIO_BYTES} bytes`, 413);
  const dir = await mkdtemp(path.join(tmpdir(), 'invigil-audio-'));
  const input = path.join(dir, 'input');
  try {
    await writeFile(input, bytes);
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      input,
      '-t',
      String(MAX_SECONDS),
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ];
    const pcm = await run(args, timeoutMs);
    if (pcm.length < 4)
      throw new AnalysisInputError('CORRUPT_AUDIO', 'Audio could not be decoded (no audio stream found)', 422);
    // an ArrayBuffer of its own (never Node's shared Buffer pool) so it can be transferred to a worker
    const out = new Float32Array(Math.floor(pcm.length / 4));
    new Uint8Array(out.buffer).set(pcm.subarray(0, out.length * 4));
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 2000) err += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new Error('ffmpeg is not installed (see scripts/system-packages.txt)') : e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) return reject(new AnalysisInputError('CORRUPT_AUDIO', 'Audio decoding took too long', 422));
      if (code !== 0)
        return reject(
          new AnalysisInputError('CORRUPT_AUDIO', 'Audio could not be decoded (unsupported or corrupt file)', 422),
        );
      resolve(Buffer.concat(out));
    });
  });
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += samples[i] * samples[i];
  return to > from ? Math.sqrt(s / (to - from)) : 0;
}
