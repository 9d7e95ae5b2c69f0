/**
 * Tuned-on pictures of issue 12's tenth round: people at the back of the room, their faces 14-24 px
 * wide behind an honest candidate (one, three, or five of them in a row), and the same places with
 * small painted faces instead (Wesnoth portraits on the wall; with no candidate too), which a detector
 * can be as sure of as of a real face. Built from pictures the tuned-on extension already draws on
 * (the tuned-on candidates of extension.ts; real face crops of the @vladmandic/human npm package's
 * face-match screenshot, other cells of its grid than extension.ts takes; Debian wesnoth-1.16-data)
 * and the OpenCV sample rooms of images.ts. Tuned on: rules may be chosen on it. Sources and
 * licences: eval/SOURCES.md.
 *
 * Labels as holdout.ts: photographic faces count, painted ones do not. Each picture with a candidate
 * has its setup picture (the room without the people who came in later, with its wall art).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { humanPackageDir } from '../src/image/model-files.ts';
import { recapture, type Item } from './images.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const deb = path.join(here, '.cache/deb/root/usr');
const sk = (f: string) => path.join(deb, 'lib/python3/dist-packages/skimage/data', f);
const cv = (f: string) => path.join(deb, 'share/doc/opencv-doc/examples/data', f);
const wes = (f: string) => path.join(deb, 'share/games/wesnoth/1.16/data/core/images/portraits', `${f}.png`);
const asset = (f: string) => path.join(humanPackageDir(), 'assets', f);
const out = path.join(here, '.cache/round10');
const W = 550;
const H = 450;

/** grid cells (row, column) of the face-match screenshot not used by extension.ts: 20 people */
const CELLS: [number, number][] = [
  [1, 11],
  [1, 13],
  [1, 15],
  [1, 17],
  [2, 10],
  [2, 12],
  [2, 14],
  [2, 16],
  [3, 11],
  [3, 13],
  [3, 15],
  [3, 17],
  [4, 10],
  [4, 12],
  [4, 14],
  [4, 16],
  [5, 11],
  [5, 13],
  [5, 15],
  [5, 17],
];
const PAINTED = [
  'humans/bowman',
  'humans/duelist',
  'humans/mage-red+female',
  'elves/fighter',
  'elves/shaman',
  'humans/pikeman',
];

async function person(k: number): Promise<Buffer> {
  const [row, col] = CELLS[k % CELLS.length];
  return sharp(asset('screenshot-facematch.jpg'))
    .extract({ left: Math.round(3 + 106.5 * col + 10), top: 282 + 113 * row + 10, width: 82, height: 82 })
    .png()
    .toBuffer();
}

/** a painted head: the upper part of a Wesnoth portrait, square */
async function painted(k: number): Promise<Buffer> {
  const file = wes(PAINTED[k % PAINTED.length]);
  const { width = 400, height = 400 } = await sharp(file).metadata();
  const side = Math.round(Math.min(width, height) * 0.5);
  return sharp(file)
    .flatten({ background: '#d8d0c0' })
    .extract({ left: Math.round((width - side) / 2), top: Math.round(height * 0.04), width: side, height: side })
    .png()
    .toBuffer();
}

const fit = (b: Buffer | string) =>
  sharp(b).toColourspace('srgb').resize(W, H, { fit: 'cover' }).removeAlpha().toBuffer();

async function pasteAll(bg: Buffer, parts: { img: Buffer; w: number; x: number; y: number }[]): Promise<Buffer> {
  const layers = await Promise.all(
    parts.map(async (p) => ({ input: await sharp(p.img).resize(p.w, p.w).toBuffer(), left: p.x, top: p.y })),
  );
  return sharp(bg).composite(layers).toBuffer();
}

export async function buildRound10(): Promise<Item[]> {
  mkdirSync(out, { recursive: true });
  const items: Item[] = [];
  const save = async (name: string, data: Buffer, faces: number, variant: string, setup?: Buffer) => {
    writeFileSync(path.join(out, name), await sharp(data).jpeg({ quality: 80 }).toBuffer());
    const item: Item = { file: name, faces, identity: null, variant };
    if (setup) {
      item.reference = name.replace(/\.jpg$/, '.setup.jpg');
      writeFileSync(path.join(out, item.reference), await recapture(setup));
    }
    items.push(item);
  };
  // the tuned-on candidates of extension.ts, and the free band above or beside each one's head
  const candidates: [string, Buffer, [number, number]][] = [
    ['astronaut', await fit(sk('astronaut.png')), [300, 530]],
    [
      'webcam',
      await sharp(await fit(cv('stuff.jpg')))
        .composite([
          {
            input: await sharp(asset('screenshot-faceid.jpg'))
              .extract({ left: 14, top: 142, width: 140, height: 140 })
              .resize(270, 270)
              .toBuffer(),
            left: 140,
            top: 180,
          },
        ])
        .toBuffer(),
      [20, 530],
    ],
    [
      'footballer',
      await fit(await sharp(cv('messi5.jpg')).extract({ left: 60, top: 0, width: 300, height: 245 }).toBuffer()),
      [20, 360],
    ],
  ];
  // crops of 22-34 px: the face in a crop is about 0.7 of it, so 15-24 px
  const SIZES = [22, 26, 30, 34];
  const row = (n: number, [x0, x1]: [number, number], w: number, y: number, k0: number) =>
    Array.from({ length: n }, (_, i) => ({
      k: k0 + i,
      w,
      x: Math.round(x0 + (x1 - x0 - w) * (n === 1 ? 0.5 : i / (n - 1))),
      y: y + (i % 2) * 8,
    }));
  let k = 0;
  for (const [name, bg, band] of candidates) {
    for (const w of SIZES) {
      const parts = row(1, band, w, 18 + (k % 3) * 20, k);
      await save(`t2-${name}-one-at-back-${w}.jpg`, await pasteAll(bg, await people(parts)), 2, 'one at the back', bg);
      k++;
    }
    for (const w of [24, 30]) {
      const parts = row(3, band, w, 20, k);
      await save(
        `t4-${name}-three-at-back-${w}.jpg`,
        await pasteAll(bg, await people(parts)),
        4,
        'three at the back',
        bg,
      );
      k += 3;
    }
    const five = row(5, band, 26, 16, k);
    await save(`t6-${name}-five-at-back.jpg`, await pasteAll(bg, await people(five)), 6, 'five at the back', bg);
    k += 5;
    // painted heads at the same places: wall art (the setup picture has it too)
    const art = await pasteAll(bg, await paintings(row(3, band, 30, 20, k)));
    await save(`t1-${name}-small-paintings.jpg`, art, 1, 'small paintings', art);
  }
  // no one: small painted heads on an empty room's wall, and real faces on a poster-sized group
  const rooms = ['home.jpg', 'building.jpg', 'box_in_scene.png'];
  for (const [i, room] of rooms.entries()) {
    const bg = await fit(cv(room));
    await save(
      `t0-${room.replace(/\..*$/, '')}-small-paintings.jpg`,
      await pasteAll(bg, await paintings(row(4, [40, 510], 28, 40 + 30 * i, i))),
      0,
      'small paintings, no one',
    );
  }
  writeFileSync(path.join(out, 'labels.json'), JSON.stringify(items, null, 1));
  return items;
}

async function people(parts: { k: number; w: number; x: number; y: number }[]) {
  return Promise.all(parts.map(async (p) => ({ img: await person(p.k), w: p.w, x: p.x, y: p.y })));
}
async function paintings(parts: { k: number; w: number; x: number; y: number }[]) {
  return Promise.all(parts.map(async (p) => ({ img: await painted(p.k), w: p.w, x: p.x, y: p.y })));
}
