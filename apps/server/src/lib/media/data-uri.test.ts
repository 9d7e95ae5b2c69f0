import { describe, expect, it } from 'vitest';
import { dataUriMismatch } from './data-uri.ts';

/** ADR 0196: a data: URI's bytes must be of the type it declares. */

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const b64 = (b: Buffer) => b.toString('base64');

describe('dataUriMismatch', () => {
  it('accepts payloads whose first bytes are of the declared type, under its common aliases', () => {
    expect(dataUriMismatch(`data:image/png;base64,${b64(PNG)}`)).toBeNull();
    expect(dataUriMismatch(`data:image/jpg;base64,${b64(JPEG)}`)).toBeNull();
    expect(dataUriMismatch(`data:audio/x-wav;base64,${b64(WAV)}`)).toBeNull();
    expect(dataUriMismatch(`data:audio/wav;name=a.wav;base64,${b64(WAV)}`)).toBeNull();
  });

  it('ignores whitespace inside the URI and reads URL-safe base64', () => {
    const wrapped = b64(PNG).replace(/(.{4})/g, '$1\n  ');
    expect(dataUriMismatch(`data:image/png;base64,\n  ${wrapped}`)).toBeNull();
    const jpegUrlSafe = b64(Buffer.concat([JPEG, Buffer.from([0xfb, 0xff])]))
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(dataUriMismatch(`data:image/jpeg;base64,${jpegUrlSafe}`)).toBeNull();
  });

  it('reads percent-encoded payloads byte by byte', () => {
    const escaped = [...PNG].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    expect(dataUriMismatch(`data:image/png,${escaped}`)).toBeNull();
    expect(dataUriMismatch('data:image/png,<html>hello</html>')).toBe('a PNG picture');
  });

  it('names what a mislabelled payload should have been', () => {
    expect(dataUriMismatch(`data:image/png;base64,${b64(HTML)}`)).toBe('a PNG picture');
    expect(dataUriMismatch(`data:image/jpeg;base64,${b64(PNG)}`)).toBe('a JPEG picture');
    expect(dataUriMismatch(`data:audio/mpeg;base64,${b64(HTML)}`)).toBe('MP3 audio');
  });

  it('refuses types with no known signature, missing payloads and broken base64', () => {
    expect(dataUriMismatch(`data:audio/x-unknown;base64,${b64(WAV)}`)).toBe('a file of type audio/x-unknown');
    expect(dataUriMismatch('data:image/png;base64')).toBe('a data: URI with a type and a payload');
    expect(dataUriMismatch('data:image/png;base64,%%%%')).toBe('base64 data');
  });
});
