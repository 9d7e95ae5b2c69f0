import { describe, expect, it } from 'vitest';
import { SCENE_RATE, sceneCheck } from '../src/modules/proctoring/scene-sampling.ts';

describe('scene pass of a periodic photo check (ADR 0102)', () => {
  it('always on the first check and once the attempt has a photo warning', () => {
    expect(sceneCheck({ firstCheck: true, photoWarnings: 0 }, 0.99)).toBe(true);
    expect(sceneCheck({ firstCheck: false, photoWarnings: 1 }, 0.99)).toBe(true);
  });

  it('otherwise on the server-side draw, at SCENE_RATE', () => {
    const clean = { firstCheck: false, photoWarnings: 0 };
    expect(sceneCheck(clean, SCENE_RATE - 0.001)).toBe(true);
    expect(sceneCheck(clean, SCENE_RATE)).toBe(false);
    const n = 3000;
    const picked = Array.from({ length: n }, () => sceneCheck(clean)).filter(Boolean).length;
    // 3,000 draws: within 5 standard deviations
    expect(Math.abs(picked / n - SCENE_RATE)).toBeLessThan(5 * Math.sqrt((SCENE_RATE * (1 - SCENE_RATE)) / n));
  });
});
