import sharp, { type Metadata } from 'sharp';
import { AnalysisInputError } from '../errors.ts';
import { MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE } from './image-size.ts';

export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
/** Longest side after decoding: the browser sends 550x450; larger pictures are shrunk. */
export const MAX_SIDE = 1280;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Turns a base64 string (with or without a data: URL prefix) into bytes, or throws a 400. */
export function decodeBase64Image(value: string, field = 'image'): Buffer {
  const raw = value.replace(/^data:[a-z0-9.+/-]+;base64,/i, '').replace(/\s+/g, '');
  if (raw.length === 0) throw new AnalysisInputError('EMPTY_IMAGE', `${field} is empty`);
  if (raw.length % 4 === 1 || !BASE64.test(raw))
    throw new AnalysisInputError('BAD_BASE64', `${field} is not valid base64`);
  const bytes = Buffer.from(raw, raw.includes('-') || raw.includes('_') ? 'base64url' : 'base64');
  if (bytes.length === 0) throw new AnalysisInputError('EMPTY_IMAGE', `${field} is empty`);
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new AnalysisInputError('IMAGE_TOO_LARGE', `${field} is larger than ${MAX_IMAGE_BYTES} bytes`, 413);
  return bytes;
}

/** Cheap check of the file signature (JPEG, PNG, WebP) before any work is queued. */
export function assertImageSignature(bytes: Uint8Array, field = 'image'): void {
  const b = bytes;
  const jpeg = b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  const png = b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  const webp =
    b.length > 12 &&
    Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP';
  if (!jpeg && !png && !webp)
    throw new AnalysisInputError('NOT_AN_IMAGE', `${field} must be a JPEG, PNG or WebP image`);
}

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes JPEG/PNG/WebP bytes to packed RGB (EXIF rotation applied, shrunk to MAX_SIDE). */
export async function decodeImage(bytes: Buffer, field = 'image'): Promise<RgbImage> {
  if (bytes.length === 0) throw new AnalysisInputError('EMPTY_IMAGE', `${field} is empty`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new AnalysisInputError('NOT_AN_IMAGE', `${field} is not a readable image`);
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) {
    throw new AnalysisInputError('NOT_AN_IMAGE', `${field} must be a JPEG, PNG or WebP image`);
  }
  if (!meta.width || !meta.height || meta.width < MIN_IMAGE_SIDE || meta.height < MIN_IMAGE_SIDE) {
    throw new AnalysisInputError(
      'IMAGE_TOO_SMALL',
      `${field} is too small (at least ${MIN_IMAGE_SIDE}x${MIN_IMAGE_SIDE} pixels)`,
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error('unexpected channel count');
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AnalysisInputError('NOT_AN_IMAGE', `${field} could not be decoded (truncated or corrupt image)`);
  }
}
