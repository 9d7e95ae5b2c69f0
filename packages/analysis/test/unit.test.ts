import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../src/audio/decode-audio.ts';
import { checkAudioLevel } from '../src/audio/speakers.ts';
import { AnalysisInputError } from '../src/errors.ts';
import { assertImageSignature, decodeBase64Image, decodeImage } from '../src/image/decode-image.ts';
import { cosineSimilarity, type ImageAnalysis } from '../src/image/face-analysis.ts';
import { faceDescription, faceMatchResult, singleFaceResult } from '../src/responses.ts';
import { fixture, wav } from './helpers.ts';

const emotions = { neutral: 0.7, happy: 0.2, sad: 0.1, angry: 0, fearful: 0, disgusted: 0, surprised: 0 };
const face = (embedding: number[]) => ({
  box: [0, 0, 10, 10] as [number, number, number, number],
  boxScore: 0.9,
  meshScore: 0.9,
  emotions,
  embedding,
  real: 0.8,
  live: 0.9,
});
const analysis = (faces: ReturnType<typeof face>[], objects: string[] = []): ImageAnalysis => ({
  width: 100,
  height: 100,
  faces,
  candidates: faces.length,
  objects: objects.map((label) => ({ label, score: 0.5 })),
  ms: 1,
});

describe('input checks', () => {
  it('rejects empty, bad base64 and non-images with clear 4xx errors', async () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(AnalysisInputError);
        return (e as AnalysisInputError).code;
      }
      return 'none';
    };
    expect(code(() => decodeBase64Image(''))).toBe('EMPTY_IMAGE');
    expect(code(() => decodeBase64Image('%%%not base64%%%'))).toBe('BAD_BASE64');
    expect(code(() => decodeBase64Image('A'))).toBe('BAD_BASE64');
    expect(code(() => assertImageSignature(Buffer.from('hello world, not an image')))).toBe('NOT_AN_IMAGE');
    expect(decodeBase64Image(`data:image/jpeg;base64,${fixture('astronaut.jpg').toString('base64')}`).length).toBe(
      fixture('astronaut.jpg').length,
    );
    const huge = Buffer.alloc(7 * 1024 * 1024, 1).toString('base64');
    expect(code(() => decodeBase64Image(huge))).toBe('IMAGE_TOO_LARGE');
    const truncated = fixture('astronaut.jpg').subarray(0, 600);
    await expect(decodeImage(truncated)).rejects.toMatchObject({ code: 'NOT_AN_IMAGE' });
  });

  it('decodes a JPEG to packed RGB', async () => {
    const img = await decodeImage(fixture('astronaut.jpg'));
    expect([img.width, img.height, img.data.length]).toEqual([320, 320, 320 * 320 * 3]);
  });

  it('decodes audio with ffmpeg and refuses corrupt, empty and silent clips', async () => {
    const tone = Float32Array.from({ length: 16_000 * 2 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16_000));
    const pcm = await decodeAudio(wav(tone));
    expect(Math.abs(pcm.length - tone.length)).toBeLessThan(50);
    await expect(decodeAudio(Buffer.alloc(0))).rejects.toMatchObject({ code: 'EMPTY_AUDIO' });
    await expect(decodeAudio(Buffer.from('RIFF....WAVEgarbage garbage garbage'))).rejects.toMatchObject({
      code: 'CORRUPT_AUDIO',
      statusCode: 422,
    });
    expect(() => checkAudioLevel(new Float32Array(16_000 * 15))).toThrow(/No audio was detected/);
    expect(() => checkAudioLevel(new Float32Array(8_000).fill(0.5))).toThrow(/shorter than 1 second/);
  });
});

describe('response shapes', () => {
  it('single-face: counts, multiple faces and object names', () => {
    expect(singleFaceResult(analysis([face([1, 0])], ['cell phone', 'cell phone', 'book']))).toEqual({
      face_detected: true,
      multiple_faces: false,
      face_count: 1,
      object_detected: true,
      object_names: ['cell phone', 'book'],
    });
    expect(singleFaceResult(analysis([face([1, 0]), face([0, 1])])).multiple_faces).toBe(true);
    expect(singleFaceResult(analysis([]))).toMatchObject({ face_detected: false, face_count: 0 });
  });

  it('face-match: errors name the image and step; similarity decides the match', () => {
    const none = faceMatchResult(analysis([]), analysis([face([1, 0])]));
    expect(none).toMatchObject({
      success: false,
      face_match: false,
      error_message: 'No face detected in primary image',
      step: 'primary_analysis',
    });
    const many = faceMatchResult(analysis([face([1, 0])]), analysis([face([1, 0]), face([0, 1])]));
    expect(many).toMatchObject({
      success: false,
      error_message: 'Multiple faces detected in current image',
      step: 'current_analysis',
    });
    const same = faceMatchResult(analysis([face([1, 0.1])]), analysis([face([1, 0.12])]));
    expect(same).toMatchObject({ success: true, face_match: true, error_message: null, step: 'face_comparison' });
    expect(same.similarity_score).toBeGreaterThan(99);
    expect(same.current_image_analysis.analysis.expressions).toEqual({
      all_emotions: emotions,
      dominant_emotion: 'neutral',
      confidence: 0.7,
    });
    expect(Object.keys(same.current_image_analysis.analysis.expressions.all_emotions)).toEqual([
      'neutral',
      'happy',
      'sad',
      'angry',
      'fearful',
      'disgusted',
      'surprised',
    ]);
    const other = faceMatchResult(analysis([face([1, 0])]), analysis([face([0, 1])]));
    expect(other).toMatchObject({ success: true, face_match: false, similarity_score: 0 });
    expect(same.authenticity_summary).toMatchObject({
      is_authentic: true,
      current: { real: 0.8, live: 0.9, authentic: true },
    });
  });

  it('face description: the single embedding; with several faces, boxes and the largest face embedding', () => {
    const one = faceDescription(analysis([face([1, 0])]), true);
    expect(one).toMatchObject({ face_count: 1, embedding: [1, 0] });
    expect(one.face_boxes).toBeUndefined();
    const wide = { ...face([0, 1]), box: [50, 5, 20, 20] as [number, number, number, number] };
    const two = faceDescription(analysis([face([1, 0]), wide]), true);
    expect(two).toMatchObject({
      face_count: 2,
      embedding: null,
      face_boxes: [
        [0, 0, 10, 10],
        [50, 5, 20, 20],
      ],
      largest_embedding: [1, 0],
    });
    expect(faceDescription(analysis([face([1, 0]), wide]), false).largest_embedding).toBeNull();
  });

  it('cosine similarity', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [-1, 0])).toBeCloseTo(-1);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
