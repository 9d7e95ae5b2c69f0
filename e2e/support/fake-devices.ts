import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'packages/analysis/test/fixtures');
const dir = path.join(root, 'e2e/.artifacts/fake-devices');

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe' });

/** A short looping Y4M clip (640x480) of a still made by ffmpeg from the shipped pictures. */
function clip(name: string, inputs: string[], filter: string): string {
  const out = path.join(dir, `${name}.y4m`);
  if (existsSync(out)) return out;
  const args = ['-y', '-v', 'error'];
  for (const i of inputs) args.push('-loop', '1', '-i', path.join(fixtures, i));
  args.push('-filter_complex', `${filter},format=yuv420p[v]`, '-map', '[v]', '-r', '5', '-frames:v', '5', out);
  run('ffmpeg', args);
  return out;
}

/** A spoken sentence (espeak-ng) made loud and padded to 8 s with a tone under it (sox), 44.1 kHz mono. */
function voice(): string {
  const out = path.join(dir, 'voice.wav');
  if (existsSync(out)) return out;
  const speech = path.join(dir, 'speech.wav');
  run('espeak-ng', ['-w', speech, 'My name is Ravi Kumar and I am ready to start the test.']);
  const tone = path.join(dir, 'tone.wav');
  run('sox', ['-n', '-r', '44100', '-c', '1', tone, 'synth', '8', 'sine', '440', 'vol', '0.6']);
  const speech44 = path.join(dir, 'speech44.wav');
  run('sox', [speech, '-r', '44100', '-c', '1', speech44]);
  run('sox', ['-m', '-v', '1', speech44, tone, '-r', '44100', '-c', '1', out, 'norm', '-1', 'trim', '0', '8']);
  return out;
}

/**
 * One voice reading three different sentences (espeak-ng, about 14 s, no tone under it): what the
 * server's speaker analysis takes for one speaker, as the setup's voice sample of an honest candidate.
 */
function passage(): string {
  const out = path.join(dir, 'passage.wav');
  if (existsSync(out)) return out;
  const parts = [
    'Please make sure that your camera and microphone are switched on before the test begins.',
    'The quick brown fox jumps over the lazy dog while the farmer watches from the gate.',
    'Read every question carefully and choose the answer that fits the passage best.',
  ].map((s, i) => {
    const f = path.join(dir, `passage-${i}.wav`);
    run('espeak-ng', ['-v', 'en-us', '-w', f, s]);
    return f;
  });
  run('sox', [...parts, '-r', '48000', '-c', '1', out, 'norm', '-1']);
  return out;
}

/** The fake camera clips (one face, no face, two faces) and the fake microphone files. */
/** A 35-second spoken answer (espeak-ng sentences joined by sox), for the recorded-answer questions. */
function answer(): string {
  const out = path.join(dir, 'answer-35s.wav');
  if (existsSync(out)) return out;
  const speech = path.join(dir, 'answer-speech.wav');
  run('espeak-ng', [
    '-w',
    speech,
    'When a customer called with a broken order, I listened first, then I explained what we could fix that day. ' +
      'We replaced the parts the next morning, and I called again a week later to make sure everything worked.',
  ]);
  run('sox', [speech, speech, speech, '-r', '44100', '-c', '1', out, 'norm', '-3', 'trim', '0', '35']);
  return out;
}

/** The fake camera clips (one face, no face, two faces) and the fake microphone file. */
export function fakeMedia() {
  mkdirSync(dir, { recursive: true });
  const pad = 'pad=640:480:(ow-iw)/2:(oh-ih)/2:color=gray';
  return {
    oneFace: clip('one-face', ['astronaut.jpg'], `[0:v]scale=480:480,${pad}`),
    noFace: clip('no-face', ['coffee.jpg'], `[0:v]scale=640:-2,${pad}`),
    twoFaces: clip('two-faces', ['astronaut.jpg'], `[0:v]split[a][b];[b]hflip[c];[a][c]hstack,${pad}`),
    // leaning out: the picture shifted right so part of the face is past the edge (ADR 0244). Measured
    // in this setup: shifted 370-390 px the face is found and cut; 350, framed (it passes); 420, not found
    leaningOut: clip(
      'leaning-out',
      ['astronaut.jpg'],
      '[0:v]scale=480:480,pad=900:480:380:0:color=gray,crop=640:480:0:0',
    ),
    audio: voice(),
    passage: passage(),
    answer: answer(),
  };
}

/**
 * Chromium fed by the files: with fakeUi the permission prompt is accepted; without it (and no
 * granted permission) getUserMedia is refused, as a candidate who blocks the prompt.
 */
export function launchWithFakes(video: string, audio: string, fakeUi = true): Promise<Browser> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
    `--use-file-for-fake-audio-capture=${audio}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
  if (fakeUi) args.push('--use-fake-ui-for-media-stream');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

/** Runs `use` with a Chromium fed by the files (as launchWithFakes), closed afterwards whatever happens. */
export async function withFakeDevices<T>(
  video: string,
  audio: string,
  use: (browser: Browser) => Promise<T>,
  fakeUi = true,
): Promise<T> {
  const browser = await launchWithFakes(video, audio, fakeUi);
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}
