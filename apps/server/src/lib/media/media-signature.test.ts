import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownContentTypeOf } from './content-types.ts';
import { signatureMismatch } from './media-signature.ts';

/** ADR 0190: imported media must be of their extension's type, by their first bytes. */

const typeOf = (ext: string) => knownContentTypeOf(`x.${ext}`)!;
const check = (ext: string, data: Buffer) => signatureMismatch(typeOf(ext), data);

/** Real files of each kind, made by the encoders a browser's files come from (sharp, ffmpeg). */
const made = new Map<string, Buffer>();
let dir: string;

const FFMPEG: Record<string, string[]> = {
  mp3: ['-c:a', 'libmp3lame'],
  // an MP3 without an ID3 tag starts with the frame header itself
  'raw.mp3': ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0', '-f', 'mp3'],
  ogg: ['-c:a', 'libvorbis'],
  opus: ['-c:a', 'libopus'],
  wav: ['-c:a', 'pcm_s16le'],
  weba: ['-c:a', 'libopus', '-f', 'webm'],
  m4a: ['-c:a', 'aac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
  '3gp': ['-c:a', 'aac', '-ar', '16000', '-ac', '1'],
  webm: ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.2', '-c:v', 'libvpx', '-c:a', 'libopus'],
  mkv: ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.2', '-c:v', 'libvpx', '-c:a', 'libopus'],
  mp4: ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.2', '-c:v', 'mpeg4', '-c:a', 'aac'],
  mov: ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.2', '-c:v', 'mpeg4', '-c:a', 'aac'],
  ogv: ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.2', '-c:v', 'libvpx', '-c:a', 'libvorbis', '-f', 'ogg'],
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'invigil-signatures-'));
  const picture = sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } });
  made.set('jpg', await picture.clone().jpeg().toBuffer());
  made.set('png', await picture.clone().png().toBuffer());
  made.set('gif', await picture.clone().gif().toBuffer());
  made.set('webp', await picture.clone().webp().toBuffer());
  for (const [name, args] of Object.entries(FFMPEG)) {
    const out = path.join(dir, name.startsWith('raw.') ? 'raw-out' : `out.${name}`);
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.2', ...args, '-shortest', '-y', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    made.set(name, readFileSync(out));
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const extOf = (name: string) => name.split('.').pop()!;

describe('media signatures', () => {
  it('real files of every kind pass under their own extension', () => {
    const wrong = [...made].filter(([name, data]) => check(extOf(name), data) !== null).map(([n]) => n);
    expect(wrong).toEqual([]);
    expect(made.size).toBe(18);
  });

  it('documents pass by their container: PDF, Office Open XML (zip) and the older OLE files', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const zip = Buffer.from('PK\u0003\u0004\u0014\u0000', 'latin1');
    expect(check('pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBeNull();
    // a PDF reader finds the header in the first 1024 bytes
    expect(check('pdf', Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.4')]))).toBeNull();
    for (const ext of ['doc', 'xls', 'ppt']) expect(check(ext, ole), ext).toBeNull();
    for (const ext of ['docx', 'xlsx', 'pptx']) expect(check(ext, zip), ext).toBeNull();
    expect(check('pdf', Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.4')]))).toBe('a PDF document');
    expect(check('docx', ole)).toBe('a Word document');
    expect(check('doc', zip)).toBe('a Word document');
  });

  it('HTML, script, a program or nothing at all pass as no type', () => {
    const bad = [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('MZ\u0090\u0000This program cannot be run in DOS mode.', 'latin1'),
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      Buffer.alloc(0),
      Buffer.from([0xff]),
    ];
    const exts = [...new Set([...made.keys()].map(extOf)), 'pdf', 'doc', 'docx', 'm4v', 'oga'];
    const passed = exts.flatMap((ext) => bad.filter((b) => check(ext, b) === null).map((b) => `${ext}: ${b}`));
    expect(passed).toEqual([]);
  });

  it('one kind under another kind’s extension is refused, with what it should have been', () => {
    const get = (name: string) => made.get(name)!;
    expect(check('jpg', get('png'))).toBe('a JPEG picture');
    expect(check('png', get('jpg'))).toBe('a PNG picture');
    expect(check('gif', get('webp'))).toBe('a GIF picture');
    // RIFF alone is not enough: a WAV is no WebP and a WebP no WAV
    expect(check('webp', get('wav'))).toBe('a WebP picture');
    expect(check('wav', get('webp'))).toBe('WAV audio');
    // an ADTS (AAC) frame is no MP3 frame, and the other way round
    expect(check('mp3', get('aac'))).toBe('MP3 audio');
    expect(check('aac', get('raw.mp3'))).toBe('AAC audio');
    expect(check('mp4', get('webm'))).toBe('MP4 video');
    expect(check('webm', get('mp4'))).toBe('WebM video');
    expect(check('ogg', get('m4a'))).toBe('Ogg audio');
    expect(check('m4a', get('ogg'))).toBe('MP4 (M4A) audio');
    expect(check('mov', get('png'))).toBe('QuickTime video');
  });

  it('a type without a known signature is refused (fails closed)', () => {
    expect(signatureMismatch('image/svg+xml', Buffer.from('<svg/>'))).toBe('a file of type image/svg+xml');
  });
});
