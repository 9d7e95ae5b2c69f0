import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { humanPackageDir, packagedModelUrl } from '../src/image/model-files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (name: string) => readFileSync(path.join(here, 'fixtures', name));

/** sha256 of a model file kept in the package's models/ folder (models/README.md lists them) */
export const packagedModelSha = (file: string) =>
  createHash('sha256')
    .update(readFileSync(fileURLToPath(packagedModelUrl(file))))
    .digest('hex');

/** the same person twice, side by side: a two-face picture */
export async function twoFaces(): Promise<Buffer> {
  const face = fixture('astronaut.jpg');
  const mirrored = await sharp(face).flop().toBuffer();
  return sharp({ create: { width: 640, height: 320, channels: 3, background: '#888' } })
    .composite([
      { input: face, left: 0, top: 0 },
      { input: mirrored, left: 320, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

/**
 * the astronaut as a webcam under fluorescent light takes her: a green cast that leaves no pixel of
 * her face in the skin-tone range until the cast is taken out (ADR 0218)
 */
export async function underFluorescentLight(): Promise<Buffer> {
  return sharp(fixture('astronaut.jpg'))
    .resize(550, 450, { fit: 'cover' })
    .recomb([
      [0.85, 0, 0],
      [0.1, 1.05, 0.05],
      [0, 0, 0.85],
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * the coffee picture with the astronaut pasted at 96 px (a face of about 19 px): far from the camera.
 * (The 4 x 3 tile search of ADR 0104 found her pasted at 24 px too; SSD sees faces from about 12 px.)
 * At 80 px her face is about 16 px: SSD is sure of it (0.94), the mesh does not confirm it.
 * The second argument: where her picture's top left corner goes.
 */
export async function farAway(size = 96, [left, top]: [number, number] = [300, 120]): Promise<Buffer> {
  const bg = await sharp(fixture('coffee.jpg')).resize(550, 450, { fit: 'cover' }).toBuffer();
  const face = await sharp(fixture('astronaut.jpg')).resize(size, size).toBuffer();
  return sharp(bg)
    .composite([{ input: face, left, top }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The astronaut leaning out of the picture: 190 of her 420 px picture past its right edge, so a
 * fifth of her face is cut off (ADR 0244).
 */
export async function leaningOut(): Promise<Buffer> {
  const bg = await sharp(fixture('coffee.jpg')).resize(550, 450, { fit: 'cover' }).toBuffer();
  const face = await sharp(fixture('astronaut.jpg'))
    .resize(420, 420)
    .extract({ left: 0, top: 0, width: 190, height: 420 })
    .toBuffer();
  return sharp(bg)
    .composite([{ input: face, left: 360, top: 30 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A candidate in front of a busy background (the coffee picture) and a second person small at the
 * back, top right (about 35 px of face): the whole-picture pass misses that face (issue 12).
 */
export async function personBehind(): Promise<Buffer> {
  const face = fixture('astronaut.jpg');
  const bg = await sharp(fixture('coffee.jpg')).resize(550, 450, { fit: 'cover' }).toBuffer();
  return sharp(bg)
    .composite([
      { input: await sharp(face).resize(230, 230).toBuffer(), left: 160, top: 200 },
      { input: await sharp(face).resize(80, 80).toBuffer(), left: 430, top: 25 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** 16 kHz mono 16-bit WAV from float samples */
export function wav(samples: Float32Array, sampleRate = 16_000): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/**
 * Speech made with espeak-ng (Debian package, see scripts/system-packages.txt); voices is a list of
 * "voice pitch" pairs that take turns; format 'wav' | 'webm' | 'ogg' | 'm4a' is encoded with ffmpeg.
 */
export function speech(voices: string[], sentences: string[], format: 'wav' | 'webm' | 'ogg' | 'm4a' = 'wav'): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'invigil-speech-'));
  const parts: string[] = [];
  sentences.forEach((s, i) => {
    const [voice, pitch] = voices[i % voices.length].split(' ');
    const f = path.join(dir, `p${i}.wav`);
    execFileSync('espeak-ng', ['-v', voice, '-p', pitch ?? '50', '-w', f, s]);
    parts.push(f);
  });
  const list = path.join(dir, 'list.txt');
  execFileSync('sh', ['-c', `printf "file '%s'\\n" ${parts.map((p) => `'${p}'`).join(' ')} > '${list}'`]);
  const out = path.join(dir, `out.${format}`);
  const codec = {
    wav: ['-c:a', 'pcm_s16le'],
    webm: ['-c:a', 'libopus'],
    ogg: ['-c:a', 'libopus'],
    m4a: ['-c:a', 'aac'],
  }[format];
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-ar',
    '48000',
    '-ac',
    '1',
    ...codec,
    '-y',
    out,
  ]);
  return readFileSync(out);
}

export const SENTENCES = [
  'Please make sure that your camera and microphone are switched on before the test begins.',
  'The quick brown fox jumps over the lazy dog while the farmer watches from the gate.',
  'Read every question carefully and choose the answer that fits the passage best.',
  'Our train leaves the station at half past seven and arrives in the city before noon.',
];

/** Another person: the face in @vladmandic/human's face-id screenshot (MIT), cropped as the eval does. */
export async function otherPerson(): Promise<Buffer> {
  return sharp(path.join(humanPackageDir(), 'assets/screenshot-faceid.jpg'))
    .extract({ left: 14, top: 142, width: 140, height: 140 })
    .resize(320, 320)
    .jpeg()
    .toBuffer();
}

/**
 * The picture as a webcam in a dim room sends it: `brightness` of the light, sensor noise of
 * +-4 grey levels (a fixed pattern, so the test is repeatable) and JPEG quality 70.
 */
export async function darkRoom(picture: Buffer, brightness: number): Promise<Buffer> {
  const { data, info } = await sharp(picture)
    .modulate({ brightness })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let seed = 11;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >> 8) % 9) - 4));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}
