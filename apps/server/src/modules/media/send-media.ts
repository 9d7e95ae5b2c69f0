import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import { Readable } from 'node:stream';
import { parseRangeHeader, resolveRange } from '../../lib/media/byte-range.ts';
import { isPlayable } from '../../lib/media/content-types.ts';
import { MediaRangeError, type ByteRange, type MediaRead, type MediaStorage } from '../../lib/media/media-storage.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';

/** HEAD: the headers of a read without reading the object (an empty body; Fastify drops it). */
async function headOf(media: MediaStorage, key: string, range: ByteRange | undefined): Promise<MediaRead | null> {
  const stat = await media.stat(key);
  if (!stat) return null;
  return { stat, body: Readable.from([]), range: range ? resolveRange(range, stat.size) : null };
}

/** `attachment; filename="…"; filename*=UTF-8''…` (the plain name keeps only safe characters). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const plain = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface SendOptions {
  disposition: 'inline' | 'attachment';
  /** The name a download is saved under (default: the key's last part). */
  name?: string;
  /** How long the browser may keep it (a signed URL: until it expires); absent: not stored. */
  cacheSeconds?: number;
}

/**
 * Streams one stored object as the reply, whole (200) or the one byte range asked for (206), with
 * its content type, length, `Accept-Ranges: bytes` (audio and video seeking) and a disposition.
 * Anything a browser would not show or play in place is always an attachment. A range past the
 * end is 416 with `Content-Range: bytes *\/size`; a missing object 404.
 */
export async function sendMedia(
  req: FastifyRequest,
  reply: FastifyReply,
  media: MediaStorage,
  key: string,
  options: SendOptions,
) {
  const range = parseRangeHeader(req.headers.range);
  let read: MediaRead | null;
  try {
    read = req.method === 'HEAD' ? await headOf(media, key, range) : await media.read(key, range);
  } catch (e) {
    if (e instanceof MediaRangeError) reply.header('content-range', `bytes */${e.size}`);
    throw e;
  }
  if (!read) throw notFound(mediaPolicy.fileNotFound);
  const { stat, body, range: r } = read;
  const inline = options.disposition === 'inline' && isPlayable(stat.contentType);
  reply
    .header('content-type', stat.contentType)
    .header('content-length', String(r ? r.end - r.start + 1 : stat.size))
    .header('accept-ranges', 'bytes')
    .header('last-modified', stat.modifiedAt.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', options.name ?? key.split('/').pop()!),
    )
    .header('cache-control', options.cacheSeconds ? `private, max-age=${options.cacheSeconds}` : 'private, no-store');
  if (r) reply.status(206).header('content-range', `bytes ${r.start}-${r.end}/${stat.size}`);
  return reply.send(body);
}
