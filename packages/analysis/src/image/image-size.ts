import { AnalysisInputError } from '../errors.ts';

/** The most pixels a picture may have: analysis decodes no more (sharp's limitInputPixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The shortest side analysis accepts. */
export const MIN_IMAGE_SIDE = 32;

export interface ImageSize {
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the signature, then the IHDR chunk (width and height, 4 bytes each, big-endian). */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { format: 'png', width: be32(b, 16), height: be32(b, 20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): not DHT (C4), JPG (C8), DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walks the marker segments up to the first start-of-frame (height, then width). */
function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const m = b[i + 1]!;
    if (m === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (m === 0x01 || (m >= 0xd0 && m <= 0xd8)) {
      i += 2; // markers without a length
      continue;
    }
    if (m === 0xd9 || m === 0xda) return null; // end of image, or scan data before any frame
    const length = be16(b, i + 2);
    if (length < 2) return null;
    if (isSof(m)) {
      if (i + 9 > b.length) return null;
      return { format: 'jpeg', height: be16(b, i + 5), width: be16(b, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { format: 'webp', width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { format: 'webp', width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  return null;
}

/**
 * The format and pixel size of a PNG, JPEG or WebP picture, read from its header alone (nothing
 * is decoded, so a huge picture costs nothing); null when the header is not one of those.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const b = bytes;
  if (b.length >= 8 && PNG_SIGNATURE.every((x, i) => b[i] === x)) return pngSize(b);
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegSize(b);
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpSize(b);
  return null;
}

/**
 * Refuses (422) a picture that analysis would refuse for its size: a header that cannot be read,
 * more than MAX_IMAGE_PIXELS pixels, or a side under MIN_IMAGE_SIDE. Cheap: only the header is read.
 */
export function assertImageDimensions(bytes: Uint8Array, field = 'image'): ImageSize {
  const size = readImageSize(bytes);
  if (!size || size.width === 0 || size.height === 0)
    throw new AnalysisInputError(
      'UNREADABLE_IMAGE_SIZE',
      `${field} must be a JPEG, PNG or WebP picture whose size can be read`,
      422,
    );
  if (size.width * size.height > MAX_IMAGE_PIXELS)
    throw new AnalysisInputError(
      'IMAGE_DIMENSIONS_TOO_LARGE',
      `${field} is ${size.width}x${size.height} pixels; at most ${MAX_IMAGE_PIXELS} pixels (40 megapixels) are accepted`,
      422,
    );
  if (size.width < MIN_IMAGE_SIDE || size.height < MIN_IMAGE_SIDE)
    throw new AnalysisInputError(
      'IMAGE_TOO_SMALL',
      `${field} is ${size.width}x${size.height} pixels; at least ${MIN_IMAGE_SIDE}x${MIN_IMAGE_SIDE} pixels are needed`,
      422,
    );
  return size;
}
