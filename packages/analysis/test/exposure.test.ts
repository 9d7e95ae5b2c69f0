import { describe, expect, it } from 'vitest';
import { brightened, DARK_FACE_LUMA, faceGain, MAX_GAIN, meanLumaIn } from '../src/image/exposure.ts';

/** ADR 0111: a dark face is embedded again from a brightened picture. */

const grey = (width: number, height: number, level: number) => ({
  data: Buffer.alloc(width * height * 3, level),
  width,
  height,
});

describe('dark faces', () => {
  it('measures mean luma inside a box, clipped to the picture', () => {
    const rgb = grey(10, 10, 51);
    // the right half white
    for (let y = 0; y < 10; y++) rgb.data.fill(255, 3 * (y * 10 + 5), 3 * (y * 10 + 10));
    expect(meanLumaIn(rgb, [0, 0, 5, 10])).toBeCloseTo(0.2, 3);
    expect(meanLumaIn(rgb, [5, 0, 5, 10])).toBeCloseTo(1, 3);
    expect(meanLumaIn(rgb, [-5, -5, 10, 15])).toBeCloseTo(0.2, 3);
    expect(meanLumaIn(rgb, [20, 20, 5, 5])).toBe(0);
    // luma weighs green most: a pure green face is brighter than a pure blue one
    const green = { data: Buffer.from([0, 255, 0]), width: 1, height: 1 };
    const blue = { data: Buffer.from([0, 0, 255]), width: 1, height: 1 };
    expect(meanLumaIn(green, [0, 0, 1, 1])).toBeGreaterThan(meanLumaIn(blue, [0, 0, 1, 1]));
  });

  it('leaves a face that is not dark as it is, darker skin included', () => {
    expect(faceGain(DARK_FACE_LUMA)).toBe(1);
    // the tuned-on set's darkest face in normal light is 0.32 (docs/proctoring-accuracy.md)
    expect(faceGain(0.32)).toBe(1);
    expect(faceGain(0.6)).toBe(1);
  });

  it('brings a dark face to mid-grey, at most MAX_GAIN times', () => {
    expect(faceGain(0.2)).toBeCloseTo(2.5, 5);
    expect(faceGain(0.1)).toBeCloseTo(MAX_GAIN, 5);
    expect(faceGain(0)).toBe(MAX_GAIN);
  });

  it('brightens every channel linearly, clipped at white, leaving the input as it was', () => {
    const rgb = { data: Buffer.from([10, 20, 100, 0, 60, 200]), width: 2, height: 1 };
    expect([...brightened(rgb, 2.5).data]).toEqual([25, 50, 250, 0, 150, 255]);
    expect([...rgb.data]).toEqual([10, 20, 100, 0, 60, 200]);
  });
});
