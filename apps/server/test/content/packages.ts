import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/qti');
const MEDIA = path.resolve(import.meta.dirname, '../../../web/public/media/exam-demo');

export type PackageFiles = Map<string, Uint8Array>;

function walk(dir: string, base = dir, out: PackageFiles = new Map()): PackageFiles {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else out.set(path.relative(base, full).split(path.sep).join('/'), readFileSync(full));
  }
  return out;
}

/** The files of a fixture package (qti3, qti22): its XML and JSON, and the demo media it refers to. */
export function fixtureFiles(name: 'qti3' | 'qti22'): PackageFiles {
  const files = walk(path.join(FIXTURES, name));
  for (const m of ['planet.png', 'tone.mp3', 'passage-notes.pdf'])
    files.set(`media/${m}`, readFileSync(path.join(MEDIA, m)));
  // Not a playable video: the import stores bytes, it does not decode them.
  files.set('media/clip.mp4', strToU8('\u0000\u0000\u0000\u0018ftypmp42 fixture clip'));
  return files;
}

/** A zip of the files (entries in the given order). */
export function zipFiles(files: PackageFiles, level: 0 | 6 = 6): Buffer {
  const z: Zippable = {};
  for (const [k, v] of files) z[k] = v;
  return Buffer.from(zipSync(z, { level }));
}

export const fixturePackage = (name: 'qti3' | 'qti22', change?: (files: PackageFiles) => void) => {
  const files = fixtureFiles(name);
  change?.(files);
  return zipFiles(files);
};

export const text = (files: PackageFiles, name: string) => Buffer.from(files.get(name)!).toString('utf8');
export const put = (files: PackageFiles, name: string, content: string) => files.set(name, strToU8(content));

/**
 * A QTI 2.1 package as TAO exports one: an item per folder (`items/<id>/qti.xml`) with its
 * assets beside it, the test under `tests/`, grid layout divs, feedback (inline, block and
 * modal), map_response and match_correct templates, and media as QTI 2.1 `<object>`.
 */
export function taoPackage(change?: (files: PackageFiles) => void): Buffer {
  const files = walk(path.join(FIXTURES, 'tao21'));
  files.set('items/i1/assets/planet.png', readFileSync(path.join(MEDIA, 'planet.png')));
  files.set('items/i8/assets/tone.mp3', readFileSync(path.join(MEDIA, 'tone.mp3')));
  change?.(files);
  return zipFiles(files);
}
