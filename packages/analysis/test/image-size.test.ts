import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AnalysisInputError } from '../src/errors.ts';
import { assertImageDimensions, MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE, readImageSize } from '../src/image/image-size.ts';
import { fixture } from './helpers.ts';

/** A PNG's signature and IHDR chunk only: what an upload claiming this size starts with. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return b;
}

/** A JPEG's start, an APP0 segment, fill bytes and a baseline frame header of this size. */
function jpegHeader(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return Buffer.from([0xff, 0xd8, ...app0, 0xff, 0xff, ...frame, ...Array(9).fill(0)]);
}

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#6a8' } });

describe('readImageSize', () => {
  it('reads real PNG, JPEG (baseline and progressive) and WebP (lossy, lossless, extended) files', async () => {
    const cases: Array<[string, Buffer, number, number]> = [
      ['png', await blank(640, 480).png().toBuffer(), 640, 480],
      ['jpeg', await blank(550, 450).jpeg().toBuffer(), 550, 450],
      ['jpeg', await blank(300, 7000).jpeg({ progressive: true }).toBuffer(), 300, 7000],
      ['webp', await blank(321, 123).webp().toBuffer(), 321, 123],
      ['webp', await blank(1000, 77).webp({ lossless: true }).toBuffer(), 1000, 77],
      ['webp', await blank(90, 60).ensureAlpha(0.5).webp().toBuffer(), 90, 60],
    ];
    for (const [format, bytes, width, height] of cases)
      expect(readImageSize(bytes), `${format} ${width}x${height}`).toEqual({ format, width, height });
  });

  it('agrees with the decoder on the camera fixtures (EXIF and other segments before the frame)', async () => {
    for (const name of ['astronaut.jpg', 'chelsea.jpg', 'coffee.jpg']) {
      const bytes = fixture(name);
      const meta = await sharp(bytes).metadata();
      expect(readImageSize(bytes), name).toEqual({ format: 'jpeg', width: meta.width, height: meta.height });
    }
  });

  it('reads a crafted header alone, without the picture data', () => {
    expect(readImageSize(pngHeader(30_000, 30_000))).toEqual({ format: 'png', width: 30_000, height: 30_000 });
    expect(readImageSize(jpegHeader(65_000, 65_000))).toEqual({ format: 'jpeg', width: 65_000, height: 65_000 });
    expect(readImageSize(jpegHeader(4000, 3000, 0xc2))).toEqual({ format: 'jpeg', width: 4000, height: 3000 });
  });

  it('answers null for anything else: other formats, truncated headers, a scan before any frame', () => {
    const gif = Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1');
    const sosFirst = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]);
    const dhtOnly = Buffer.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x04, 0, 0, 0xff, 0xd9]);
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('just some text'),
      gif,
      pngHeader(10, 10).subarray(0, 20),
      jpegHeader(10, 10).subarray(0, 24),
      sosFirst,
      dhtOnly,
      Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'),
    ])
      expect(readImageSize(bytes)).toBeNull();
  });
});

describe('assertImageDimensions', () => {
  const refusal = (bytes: Buffer) => {
    try {
      assertImageDimensions(bytes, 'imagePath');
    } catch (e) {
      expect(e).toBeInstanceOf(AnalysisInputError);
      return e as AnalysisInputError;
    }
    return null;
  };

  it('accepts what analysis decodes: up to MAX_IMAGE_PIXELS, sides from MIN_IMAGE_SIDE', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(assertImageDimensions(pngHeader(8000, 5000))).toMatchObject({ width: 8000, height: 5000 });
    expect(assertImageDimensions(jpegHeader(MIN_IMAGE_SIDE, MIN_IMAGE_SIDE))).toMatchObject({ width: 32 });
  });

  it('refuses larger, smaller and unreadable pictures with 422 and a message naming the limit', () => {
    const huge = refusal(pngHeader(30_000, 30_000));
    expect(huge).toMatchObject({ statusCode: 422, code: 'IMAGE_DIMENSIONS_TOO_LARGE' });
    expect(huge!.message).toBe('imagePath is 30000x30000 pixels; at most 40000000 pixels (40 megapixels) are accepted');
    expect(refusal(pngHeader(8000, 5001))).toMatchObject({ statusCode: 422, code: 'IMAGE_DIMENSIONS_TOO_LARGE' });
    expect(refusal(jpegHeader(31, 400))).toMatchObject({ statusCode: 422, code: 'IMAGE_TOO_SMALL' });
    expect(refusal(pngHeader(0, 100))).toMatchObject({ statusCode: 422, code: 'UNREADABLE_IMAGE_SIZE' });
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({
      statusCode: 422,
      code: 'UNREADABLE_IMAGE_SIZE',
    });
  });
});
