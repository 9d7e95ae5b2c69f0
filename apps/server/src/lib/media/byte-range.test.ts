import { describe, expect, it } from 'vitest';
import { parseRangeHeader, resolveRange } from './byte-range.ts';
import { MediaRangeError } from './media-storage.ts';

describe('Range headers (audio and video seeking)', () => {
  it('reads one byte range and ignores what it does not serve', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=500-')).toEqual({ start: 500 });
    expect(parseRangeHeader('bytes=-200')).toEqual({ suffix: 200 });
    // Several ranges, another unit, nonsense or a reversed range: the whole file (200).
    for (const h of [undefined, '', 'bytes=0-1,5-9', 'items=0-1', 'bytes=-', 'bytes=9-3', 'bytes=a-b'])
      expect(parseRangeHeader(h), String(h)).toBeUndefined();
  });

  it('resolves a range against the size; past the end is a 416 with the size', () => {
    expect(resolveRange({ start: 10, end: 19 }, 100)).toEqual({ start: 10, end: 19 });
    expect(resolveRange({ start: 90, end: 500 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ start: 95 }, 100)).toEqual({ start: 95, end: 99 });
    expect(resolveRange({ suffix: 30 }, 100)).toEqual({ start: 70, end: 99 });
    expect(resolveRange({ suffix: 300 }, 100)).toEqual({ start: 0, end: 99 });
    for (const r of [{ start: 100 }, { suffix: 0 }]) {
      const e = (() => {
        try {
          return resolveRange(r, 100);
        } catch (x) {
          return x;
        }
      })();
      expect(e).toBeInstanceOf(MediaRangeError);
      expect((e as MediaRangeError).size).toBe(100);
    }
    expect(() => resolveRange({ start: 0 }, 0)).toThrow(MediaRangeError);
  });
});
