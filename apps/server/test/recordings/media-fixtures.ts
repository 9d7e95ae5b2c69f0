import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Recordings for the recorded-answer tests, made once per machine with Debian's ffmpeg, sox and
 * espeak-ng (scripts/system-packages.txt) from the analysis fixtures, and cached in the temp dir.
 * Videos are small (320 pixels wide, 5 frames a second, a key frame every 2 s): the fake
 * analysis engine of the tests tells the pictures apart by their width.
 */
const DIR = path.join(tmpdir(), 'invigil-recording-fixtures-v1');
const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/analysis/test/fixtures');

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Makes `name` with `make(tmpPath)` unless it is there; atomic, so parallel suites share it. */
function cached(name: string, make: (out: string) => void): string {
  const out = path.join(DIR, name);
  if (existsSync(out)) return out;
  mkdirSync(DIR, { recursive: true });
  const tmp = path.join(DIR, `.${process.pid}-${name}`);
  make(tmp);
  renameSync(tmp, out);
  return out;
}

const SENTENCE =
  'I would start by listening to the customer, then I would explain what we can do today and what we will do next week.';

/** Speech (espeak-ng) repeated to `seconds`, 48 kHz mono WAV. */
function speech(seconds: number): string {
  return cached(`speech-${seconds}.wav`, (out) => {
    const one = path.join(DIR, `.${process.pid}-one.wav`);
    run('espeak-ng', ['-w', one, SENTENCE]);
    run('sox', [
      one,
      one,
      one,
      one,
      one,
      one,
      '-r',
      '48000',
      '-c',
      '1',
      '-t',
      'wav',
      out,
      'norm',
      '-3',
      'trim',
      '0',
      String(seconds),
    ]);
  });
}

/** Low hiss only: RMS well under 0.01 (the spec's "no audio"). */
function hiss(seconds: number): string {
  return cached(`hiss-${seconds}.wav`, (out) =>
    run('sox', [
      '-n',
      '-r',
      '48000',
      '-c',
      '1',
      '-t',
      'wav',
      out,
      'synth',
      String(seconds),
      'whitenoise',
      'vol',
      '0.002',
    ]),
  );
}

const opus = (input: string, name: string) =>
  cached(name, (out) =>
    run('ffmpeg', ['-v', 'error', '-y', '-i', input, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', out]),
  );

/** A still picture as a video of `seconds` with the given audio: VP8 + Opus webm, as MediaRecorder writes. */
function video(name: string, picture: string, filter: string, audio: string, seconds: number, fps = 5): string {
  return cached(name, (out) =>
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-loop',
      '1',
      '-framerate',
      String(fps),
      '-i',
      path.join(FIXTURES, picture),
      '-i',
      audio,
      '-filter_complex',
      `[0:v]${filter},format=yuv420p[v]`,
      '-map',
      '[v]',
      '-map',
      '1:a',
      '-t',
      String(seconds),
      '-c:v',
      'libvpx',
      '-b:v',
      '200k',
      '-g',
      String(2 * fps),
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-f',
      'webm',
      out,
    ]),
  );
}

/** The widths the fake engine reads: one face (person A), no face, two faces, another person (B). */
/** the fake engine tells the frames apart by width; personBCut: another face, leaning out of the picture (ADR 0244) */
export const WIDTH = { personA: 320, noFace: 336, twoFaces: 352, personB: 368, personBCut: 384 } as const;
const fit = (w: number) => `scale=${w}:240:force_original_aspect_ratio=decrease,pad=${w}:240:(ow-iw)/2:(oh-ih)/2`;

export function mediaFixtures() {
  const talk31 = speech(31);
  const talk10 = speech(10);
  const quiet31 = hiss(31);
  const audio31 = opus(talk31, 'answer-31s.webm');
  return {
    audio31,
    audio10: opus(talk10, 'answer-10s.webm'),
    silent31: opus(quiet31, 'silent-31s.webm'),
    /** the first half of a 31 s answer: a file cut off mid-upload */
    truncated: cached('truncated.webm', (out) => {
      const whole = readFileSync(audio31);
      writeFileSync(out, whole.subarray(0, Math.floor(whole.length / 2)));
    }),
    /** bytes that are no media at all */
    garbage: cached('garbage.webm', (out) => writeFileSync(out, Buffer.alloc(40_000, 'not a recording '))),
    /** a picture, declared as audio */
    picture: path.join(FIXTURES, 'coffee.jpg'),
    videoA: video('video-a.webm', 'astronaut.jpg', fit(WIDTH.personA), talk31, 31),
    videoNoFace: video('video-noface.webm', 'coffee.jpg', fit(WIDTH.noFace), talk31, 31),
    videoTwo: video(
      'video-two.webm',
      'astronaut.jpg',
      `split[a][b];[b]hflip[c];[a][c]hstack,${fit(WIDTH.twoFaces)}`,
      talk31,
      31,
    ),
    videoB: video('video-b.webm', 'chelsea.jpg', fit(WIDTH.personB), talk31, 31),
    videoBCut: video('video-b-cut.webm', 'chelsea.jpg', fit(WIDTH.personBCut), talk31, 31),
    videoSilent: video('video-silent.webm', 'astronaut.jpg', fit(WIDTH.personA), quiet31, 31),
    videoShort: video('video-short.webm', 'astronaut.jpg', fit(WIDTH.personA), talk10, 10),
    /** ten minutes (tiny pictures, one a second): too long */
    videoLong: video(
      'video-long.webm',
      'astronaut.jpg',
      'scale=64:48',
      cached('hiss-600.wav', (out) =>
        run('sox', ['-n', '-r', '16000', '-c', '1', '-t', 'wav', out, 'synth', '600', 'sine', '300', 'vol', '0.3']),
      ),
      600,
      1,
    ),
  };
}
