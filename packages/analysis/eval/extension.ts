/**
 * Extension of the tuned-on set (issue 12, fourth round): painted, drawn and CGI faces behind an
 * honest candidate, and real people behind a candidate, built from pictures that neither images.ts
 * nor holdout.ts uses (Wesnoth's painted portraits, Debian wesnoth-1.16-data; a CGI avatar, a CGI
 * character and a grid of real face crops in the @vladmandic/human npm package's screenshots).
 * Tuned on like images.ts: thresholds may be chosen on it. Sources and licences: eval/SOURCES.md.
 *
 * Labelling rule (as holdout.ts): a face counts when it is a photographic human face; painted,
 * drawn and CGI faces do not.
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
const out = path.join(here, '.cache/extension');
const W = 550;
const H = 450;

/** painted portraits (Wesnoth): the head is in the upper part of each 400-500 px portrait */
const PAINTED = [
  'humans/peasant',
  'humans/mage+female',
  'humans/thief',
  'humans/fencer',
  'humans/lieutenant',
  'humans/woodsman',
  'humans/mage-white+female',
  'humans/dark-adept',
  'humans/huntsman',
  'humans/cavalryman',
  'elves/druid',
  'elves/marksman+female',
  'dunefolk/herbalist',
  'merfolk/priestess',
];

/** the upper third of a portrait on a wall-coloured card: roughly a framed head-and-shoulders picture */
async function portrait(name: string): Promise<Buffer> {
  const img = sharp(wes(name)).flatten({ background: '#d8d0c0' });
  const { width = 400, height = 400 } = await sharp(wes(name)).metadata();
  return img
    .extract({ left: 0, top: 0, width, height: Math.round(height * 0.55) })
    .png()
    .toBuffer();
}

/** CGI faces in the human package's screenshots: an anime avatar, a realistic game character */
async function cgi(): Promise<[string, Buffer][]> {
  return [
    [
      'cgi-avatar',
      await sharp(asset('screenshot-vrm.jpg'))
        .extract({ left: 100, top: 40, width: 170, height: 170 })
        .png()
        .toBuffer(),
    ],
    [
      'cgi-character',
      await sharp(asset('samples.jpg')).extract({ left: 180, top: 0, width: 110, height: 110 }).png().toBuffer(),
    ],
  ];
}

/** real face crops from the face-match screenshot's grid (cells of ~101x106 px, pitch 106.5 x 113) */
async function realFaces(): Promise<Buffer[]> {
  const cells: [number, number][] = [
    [1, 1],
    [1, 4],
    [2, 1],
    [2, 2],
    [2, 3],
    [2, 6],
    [3, 0],
    [3, 3],
    [4, 5],
    [4, 9],
  ];
  return Promise.all(
    cells.map(([row, col]) =>
      sharp(asset('screenshot-facematch.jpg'))
        .extract({ left: Math.round(3 + 106.5 * col + 6), top: 282 + 113 * row + 14, width: 90, height: 80 })
        .png()
        .toBuffer(),
    ),
  );
}

const fit = (b: Buffer | string) =>
  sharp(b).toColourspace('srgb').resize(W, H, { fit: 'cover' }).removeAlpha().toBuffer();

async function paste(bg: Buffer, img: Buffer, w: number, left: number, top: number): Promise<Buffer> {
  return sharp(bg)
    .composite([{ input: await sharp(img).resize(w).toBuffer(), left, top }])
    .toBuffer();
}

export async function buildExtension(): Promise<Item[]> {
  mkdirSync(out, { recursive: true });
  const items: Item[] = [];
  // setup: the primary picture of the attempt (the room before anyone else came in, wall art and all)
  const save = async (name: string, data: Buffer, faces: number, variant: string, setup?: Buffer) => {
    writeFileSync(path.join(out, name), await sharp(data).jpeg({ quality: 80 }).toBuffer());
    const item: Item = { file: name, faces, identity: null, variant };
    if (setup) {
      item.reference = name.replace(/\.jpg$/, '.setup.jpg');
      writeFileSync(path.join(out, item.reference), await recapture(setup));
    }
    items.push(item);
  };
  // honest candidates from the tuned-on identities, with room above or beside the head
  const candidates: [string, Buffer][] = [
    ['astronaut', await fit(sk('astronaut.png'))],
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
    ],
    [
      'footballer',
      await fit(await sharp(cv('messi5.jpg')).extract({ left: 60, top: 0, width: 300, height: 245 }).toBuffer()),
    ],
  ];
  const spots: [number, number][] = [
    [W - 125, 12],
    [15, 12],
    [W - 150, 30],
  ];
  const arts: [string, Buffer][] = [
    ...(await Promise.all(
      PAINTED.map(async (p) => [`painted-${p.replace('/', '-')}`, await portrait(p)] as [string, Buffer]),
    )),
    ...(await cgi()),
  ];
  // 1 face: an honest candidate, a painted or CGI face on the wall or a screen behind
  for (const [k, [name, art]] of arts.entries()) {
    const [cname, bg] = candidates[k % candidates.length];
    const [left, top] = spots[k % spots.length];
    const w = 120 + 20 * (k % 3);
    const room = await paste(bg, art, w, left, top);
    await save(`e1-${cname}-with-${name}.jpg`, room, 1, 'wall-art', room);
  }
  // 2 faces: a real person behind the candidate (face crops 45-80 px)
  const real = await realFaces();
  for (const [k, face] of real.entries()) {
    const [cname, bg] = candidates[k % candidates.length];
    const [left, top] = spots[(k + 1) % spots.length];
    await save(
      `e2-${cname}-person-behind-${k}.jpg`,
      await paste(bg, face, 45 + 4 * k, left, top),
      2,
      'person-behind',
      bg,
    );
  }
  // 2 faces: a person behind and a painting on the wall
  for (let k = 0; k < 3; k++) {
    const [cname, bg] = candidates[k];
    const withArt = await paste(bg, arts[k * 4][1], 100, W - 125, 12);
    await save(
      `e2-${cname}-person-and-art-${k}.jpg`,
      await paste(withArt, real[k + 5], 60, 15, 20),
      2,
      'person-and-art',
      withArt,
    );
  }
  // 0 faces: a portrait alone, filling the picture
  for (const [name, art] of arts.filter((_, k) => k % 4 === 1))
    await save(
      `e0-${name}.jpg`,
      await sharp(art).resize(W, H, { fit: 'contain', background: '#777' }).removeAlpha().toBuffer(),
      0,
      'art-alone',
    );
  writeFileSync(path.join(out, 'labels.json'), JSON.stringify(items, null, 1));
  return items;
}
