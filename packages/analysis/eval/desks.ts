/**
 * Desks and tables (issue 12, eighth round): the scene the issue names for a false face, from
 * OpenCV sample pictures no earlier set used (Debian `opencv-doc`): the stereo calibration pictures
 * of a person holding a chessboard at a desk (the face behind the board in 20 of 22; in two he
 * looks at his monitor, in profile, and the face counts), the Middlebury "RubberWhale" toys on a
 * table (a toy with painted eyes), and a few pictures of things. Tuned on: the rule of ADR 0219 was
 * chosen after a toy wheel here was taken for a face. Sources and licences: eval/SOURCES.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Item } from './images.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const cv = (f: string) => path.join(here, '.cache/deb/root/usr/share/doc/opencv-doc/examples/data', f);

const CALIBRATION = [
  ...['04', '06', '07', '08', '09', '11', '12', '13', '14'].map((n) => `left${n}.jpg`),
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '11', '12', '13', '14'].map((n) => `right${n}.jpg`),
];
/** the two calibration pictures whose face is in view (in profile, looking at the monitor) */
const FACE_IN_VIEW = new Set(['left06.jpg', 'right06.jpg']);
const THINGS = ['rubberwhale1.png', 'rubberwhale2.png', 'pca_test1.jpg', 'cards.png', 'box.png', 'graf3.png'];
const OUTDOORS = ['aero1.jpg', 'aero3.jpg', 'notes.png'];

/** the pictures, in .cache/desks, as a 550x450 check picture */
export async function buildDesks(): Promise<Item[]> {
  const dir = path.join(here, '.cache/desks');
  mkdirSync(dir, { recursive: true });
  const items: Item[] = [];
  for (const name of [...CALIBRATION, ...THINGS, ...OUTDOORS]) {
    const file = `d-${name.replace(/\.\w+$/, '')}.jpg`;
    const data = await sharp(cv(name))
      .toColourspace('srgb')
      .resize(550, 450, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toBuffer();
    writeFileSync(path.join(dir, file), data);
    const faces = FACE_IN_VIEW.has(name) ? 1 : 0;
    items.push({ file, faces, identity: null, variant: faces ? 'profile at a desk' : 'no face in view' });
  }
  return items;
}
