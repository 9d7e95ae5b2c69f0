import { Transform } from 'node:stream';
import { MediaTooLargeError } from './media-storage.ts';

/** A pass-through that counts bytes and fails with MediaTooLargeError once more than `limit` went by. */
export function byteLimit(limit: number): Transform & { bytes: () => number } {
  let seen = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(new MediaTooLargeError(limit));
      done(null, chunk);
    },
  });
  return Object.assign(t, { bytes: () => seen });
}
