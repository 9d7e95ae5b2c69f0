import { describe, expect, it } from 'vitest';
import { boxScoreNeeded, summarise } from '../src/image/face-analysis.ts';
import type { HumanResult } from '../src/image/human-engine.ts';
import { thresholds } from '../src/image/thresholds.ts';

/** what Human reports for one detection: its box, the detector's score and the mesh's */
const detection = (box: [number, number, number, number], boxScore: number, faceScore = 0.99) => ({
  box,
  boxScore,
  faceScore,
  emotion: [],
  embedding: [],
});
const result = (...face: ReturnType<typeof detection>[]) => ({ face, object: [] }) as unknown as HumanResult;

describe('the detector score a face needs (ADR 0219)', () => {
  it('a large box scoring low is not a face: the toy wheel on a desk', () => {
    const a = summarise(result(detection([19, 337, 142, 112], 0.35)), 550, 450, 0);
    expect(a.faces).toHaveLength(0);
    expect(a.candidates).toBe(1);
  });

  it('a small face may score low for its size, as people at the back of a room do', () => {
    const a = summarise(result(detection([449, 41, 45, 45], 0.35)), 550, 450, 0);
    expect(a.faces).toHaveLength(1);
  });

  it('a large face scored clearly counts, and the mesh still has its say', () => {
    expect(summarise(result(detection([150, 60, 240, 280], 0.6)), 550, 450, 0).faces).toHaveLength(1);
    expect(summarise(result(detection([150, 60, 240, 280], 0.9, 0.4)), 550, 450, 0).faces).toHaveLength(0);
  });

  it('"large" is relative to the picture, as the detector sees every picture at the same size', () => {
    const box = [0, 0, 70, 70];
    expect(boxScoreNeeded(box, 550, 450)).toBe(thresholds.largeFaceBoxMin);
    expect(boxScoreNeeded(box, 1280, 720)).toBe(thresholds.faceBoxMin);
    expect(boxScoreNeeded([0, 0, 300, 40], 550, 450)).toBe(thresholds.faceBoxMin);
  });
});
