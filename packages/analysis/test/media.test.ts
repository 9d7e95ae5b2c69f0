import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audioRms } from '../src/media/audio-level.ts';
import { probeRecording } from '../src/media/probe-recording.ts';
import { denseKeyFrames, frameGap, sampleFrames, splitJpegs } from '../src/media/sample-frames.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'invigil-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 12 s test video (a key frame every 2 s) with a tone, made by ffmpeg as MediaRecorder would write it. */
function clip(): string {
  const out = path.join(dir, 'clip.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '12',
    '-c:v',
    'libvpx',
    '-g',
    '10',
    '-deadline',
    'realtime',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    out,
  ]);
  return out;
}

describe('recording checks with ffprobe / ffmpeg', () => {
  const file = clip();

  it('reads the duration and key frames from the packets, and the audio level', async () => {
    const p = await probeRecording(file);
    expect(p).toMatchObject({
      container: 'webm',
      hasAudio: true,
      hasVideo: true,
      videoCodec: 'vp8',
      audioCodec: 'opus',
    });
    expect(p.durationSeconds).toBeGreaterThan(11.9);
    expect(p.durationSeconds).toBeLessThan(12.2);
    expect(p.keyFrames.length).toBe(6);
    expect(denseKeyFrames(p.keyFrames, p.durationSeconds)).toBe(true);
    // a sine at full scale: RMS about 0.7 of its 0.125 amplitude (lavfi's default)
    const rms = await audioRms(file, 60);
    expect(rms).toBeGreaterThan(0.05);
    expect(rms).toBeLessThan(0.2);
  });

  it('samples JPEG frames a gap apart, from key frames only when they are dense', async () => {
    const { frames, keyFramesOnly } = await sampleFrames(file, 12, [0, 2, 4, 6, 8, 10]);
    expect(keyFramesOnly).toBe(true);
    // after the first second, at least 5 s apart, key frames only: at 2 s and 8 s
    expect(frames.length).toBe(2);
    for (const f of frames) expect(f.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses a truncated file and a file that is no media', async () => {
    const cut = path.join(dir, 'cut.webm');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(probeRecording(cut)).rejects.toMatchObject({ statusCode: 422, code: 'CORRUPT_RECORDING' });
    const junk = path.join(dir, 'junk.webm');
    writeFileSync(junk, Buffer.alloc(5000, 'x'));
    await expect(probeRecording(junk)).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe('frame sampling rules', () => {
  it('samples up to 8 frames at least 5 s apart', () => {
    expect(frameGap(31)).toBe(5);
    expect(frameGap(240)).toBe(30);
  });
  it('uses key frames alone only when none is more than 5 s from the next', () => {
    expect(denseKeyFrames([0, 2, 4, 6], 7)).toBe(true);
    expect(denseKeyFrames([0], 60)).toBe(false);
    expect(denseKeyFrames([0, 2, 9], 10)).toBe(false);
    expect(denseKeyFrames([0, 2, 4], 30)).toBe(false);
  });
  it('splits an MJPEG pipe into its pictures', () => {
    const jpeg = (n: number) =>
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(n, 7), Buffer.from([0xff, 0xd9])]);
    const parts = splitJpegs(Buffer.concat([jpeg(10), jpeg(20), jpeg(5)]));
    expect(parts.map((p) => p.length)).toEqual([16, 26, 11]);
  });
});
