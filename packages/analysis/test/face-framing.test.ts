import { describe, expect, it } from 'vitest';
import { faceFraming } from '../src/image/face-framing.ts';
import { faceDescription } from '../src/responses.ts';
import type { FaceInfo, ImageAnalysis } from '../src/image/face-analysis.ts';

describe('face framing: can this face be told apart from another person (ADR 0244)', () => {
  it('a face well inside the picture is framed', () => {
    expect(faceFraming(550, 450, [172, 164, 220, 220])).toBe('ok');
    // touching an edge with the whole face in the picture is still framed
    expect(faceFraming(550, 450, [330, 100, 220, 220])).toBe('ok');
  });

  it('a face cut by the edge by 15 % or more is cut, measured against its square', () => {
    // the held-out candidate leaning out: 193 x 158 kept of a 193 px square (18 % past the edge)
    expect(faceFraming(550, 450, [356, 292, 193, 158])).toBe('cut');
    // 10 % past the edge: still framed
    expect(faceFraming(550, 450, [0, 100, 180, 200])).toBe('ok');
    // a box that runs past the picture (not cut to it) counts the part outside
    expect(faceFraming(550, 450, [450, 100, 200, 200])).toBe('cut');
    expect(faceFraming(550, 450, [-40, 100, 200, 200])).toBe('cut');
  });

  it('a face narrower than 48 px is too far away; an empty box is never framed', () => {
    expect(faceFraming(550, 450, [239, 214, 44, 44])).toBe('small');
    expect(faceFraming(550, 450, [239, 214, 48, 48])).toBe('ok');
    expect(faceFraming(550, 450, [10, 10, 0, 0])).toBe('small');
    // a tiny face of the second detector (not square) inside the picture is small, not cut
    expect(faceFraming(550, 450, [326, 127, 16, 21])).toBe('small');
  });

  it('describes the framing of exactly one face, and of no other count', () => {
    const face = (box: FaceInfo['box']): FaceInfo => ({
      box,
      boxScore: 0.9,
      meshScore: 0.9,
      emotions: { neutral: 0, happy: 1, sad: 0, angry: 0, fearful: 0, disgusted: 0, surprised: 0 },
      embedding: [1, 0],
      real: null,
      live: null,
    });
    const picture = (faces: FaceInfo[]): ImageAnalysis => ({
      width: 550,
      height: 450,
      faces,
      candidates: faces.length,
      objects: [],
      ms: 1,
    });
    expect(faceDescription(picture([face([356, 292, 193, 158])]), true)).toMatchObject({
      face_count: 1,
      face_framing: 'cut',
      embedding: [1, 0],
    });
    expect(faceDescription(picture([face([172, 164, 220, 220])]), false).face_framing).toBe('ok');
    expect(faceDescription(picture([]), true)).not.toHaveProperty('face_framing');
    expect(faceDescription(picture([face([172, 164, 220, 220]), face([10, 10, 60, 60])]), true)).not.toHaveProperty(
      'face_framing',
    );
  });
});
