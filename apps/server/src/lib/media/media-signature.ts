/**
 * Whether a file's first bytes are those of the type its extension names (ADR 0190). Imported
 * question media are stored and served with the type of their extension; this makes the bytes
 * agree with it, so a `.png` holding HTML or a program never enters the store. It reads the
 * signature only: a file that starts right may still be damaged, which the browser shows as a
 * broken picture, nothing more.
 */

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;
const bytes = (b: Buffer, at: number, sig: readonly number[]) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const jpeg = (b: Buffer) => bytes(b, 0, [0xff, 0xd8, 0xff]);
const png = (b: Buffer) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const gif = (b: Buffer) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a');
const riff = (b: Buffer, form: string) => (ascii(b, 0, 'RIFF') || ascii(b, 0, 'RF64')) && ascii(b, 8, form);
/** EBML: WebM and Matroska. */
const ebml = (b: Buffer) => bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]);
const ogg = (b: Buffer) => ascii(b, 0, 'OggS');
/** ISO base media (MP4, M4A, 3GP, QuickTime): a box whose type is one of these at byte 4. */
const isoBox = (b: Buffer, types: readonly string[]) => types.some((t) => ascii(b, 4, t));
const ID3 = (b: Buffer) => ascii(b, 0, 'ID3');
/** An MPEG audio frame header: 11 sync bits, then a layer that is not 00 (00 is AAC's ADTS). */
const mpegAudio = (b: Buffer) => b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0;
/** AAC: an ADTS frame (12 sync bits, layer 00) or ADIF. */
const aac = (b: Buffer) => (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) || ascii(b, 0, 'ADIF');
/** PDF readers accept the header anywhere in the first 1024 bytes. */
const pdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-', 0, 'latin1');
/** Office Open XML is a zip; the older Office files are OLE compound documents. */
const zip = (b: Buffer) => bytes(b, 0, [0x50, 0x4b, 0x03, 0x04]);
const ole = (b: Buffer) => bytes(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const MP4 = ['ftyp'];
const QUICKTIME = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** Per content type (content-types.ts): what its bytes start with, and how a message names it. */
const SIGNATURES: Record<string, { test: (b: Buffer) => boolean; label: string }> = {
  'image/jpeg': { test: jpeg, label: 'a JPEG picture' },
  'image/png': { test: png, label: 'a PNG picture' },
  'image/gif': { test: gif, label: 'a GIF picture' },
  'image/webp': { test: (b) => riff(b, 'WEBP'), label: 'a WebP picture' },
  'audio/mpeg': { test: (b) => ID3(b) || mpegAudio(b), label: 'MP3 audio' },
  'audio/aac': { test: (b) => ID3(b) || aac(b), label: 'AAC audio' },
  'audio/ogg': { test: ogg, label: 'Ogg audio' },
  'video/ogg': { test: ogg, label: 'Ogg video' },
  'audio/wav': { test: (b) => riff(b, 'WAVE'), label: 'WAV audio' },
  'audio/webm': { test: ebml, label: 'WebM audio' },
  'video/webm': { test: ebml, label: 'WebM video' },
  'video/x-matroska': { test: ebml, label: 'Matroska video' },
  'audio/mp4': { test: (b) => isoBox(b, MP4), label: 'MP4 (M4A) audio' },
  'video/mp4': { test: (b) => isoBox(b, MP4), label: 'MP4 video' },
  'audio/3gpp': { test: (b) => isoBox(b, MP4), label: '3GP audio' },
  'video/quicktime': { test: (b) => isoBox(b, QUICKTIME), label: 'QuickTime video' },
  'application/pdf': { test: pdf, label: 'a PDF document' },
  'application/msword': { test: ole, label: 'a Word document' },
  'application/vnd.ms-excel': { test: ole, label: 'an Excel workbook' },
  'application/vnd.ms-powerpoint': { test: ole, label: 'a PowerPoint presentation' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { test: zip, label: 'a Word document' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { test: zip, label: 'an Excel workbook' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    test: zip,
    label: 'a PowerPoint presentation',
  },
};

/**
 * Null when `data` starts as `contentType` files do; otherwise what the file should have been
 * ("a PNG picture"), for the message. A type without a known signature is refused too.
 */
export function signatureMismatch(contentType: string, data: Buffer): string | null {
  const sig = SIGNATURES[contentType];
  if (!sig) return `a file of type ${contentType}`;
  return sig.test(data) ? null : sig.label;
}
