import { MediaRangeError, type ByteRange } from './media-storage.ts';

/**
 * The one range of an HTTP `Range: bytes=…` header, or undefined for none, another unit or
 * several ranges (then the whole object is sent with 200, which RFC 9110 allows).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return undefined;
  if (a === '') return { suffix: Number(b) };
  const start = Number(a);
  if (b === '') return { start };
  const end = Number(b);
  return end < start ? undefined : { start, end };
}

/** The inclusive bytes a range covers in an object of `size` bytes; MediaRangeError when none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new MediaRangeError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new MediaRangeError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
