import { describe, expect, it } from 'vitest';
import {
  audioUploadErrorType,
  isAutoScored,
  isPlainFileName,
  minutesLabel,
  scoreAttempt,
  spokenAnswerFileName,
  spokenAnswerProblem,
  videoFaceProblem,
  videoRecordingProblem,
  videoTimerSeconds,
  videoUploadErrorType,
} from '../src/index.ts';

describe('spoken answer rules (spec §5)', () => {
  const m = (bytes: number, durationSeconds: number, rms: number | null) => ({ bytes, durationSeconds, rms });
  it('empty is corrupt, under 30 s too short, RMS under 0.01 no audio, in that order', () => {
    expect(spokenAnswerProblem(m(0, 40, 0.5))).toBe('corruptAudio');
    expect(spokenAnswerProblem(m(10, 29.9, 0))).toBe('shortDuration');
    expect(spokenAnswerProblem(m(10, 30, 0.0099))).toBe('noAudio');
    expect(spokenAnswerProblem(m(10, 30, null))).toBe('noAudio');
    expect(spokenAnswerProblem(m(10, 30, 0.01))).toBeNull();
  });
  it('a video: empty is corruptVideo, then duration, then audio', () => {
    expect(videoRecordingProblem(m(0, 60, 0.2))).toBe('corruptVideo');
    expect(videoRecordingProblem(m(5, 12, 0.2))).toBe('shortDuration');
    expect(videoRecordingProblem(m(5, 60, 0.001))).toBe('noAudio');
    expect(videoRecordingProblem(m(5, 60, 0.2))).toBeNull();
  });
});

describe('video face rules over sampled frames', () => {
  const f = (faceCount: number, match: boolean | null = faceCount === 1 ? true : null) => ({ faceCount, match });
  it('no frame is noFacialData; faces decide before identity', () => {
    expect(videoFaceProblem([])).toBe('noFacialData');
    expect(videoFaceProblem([f(1), f(1), f(2), f(1)])).toBe('multipleFaces');
    expect(videoFaceProblem([f(1), f(1), f(1), f(1), f(1), f(2), f(1), f(1)])).toBeNull();
    expect(videoFaceProblem([f(0), f(1), f(0), f(1)])).toBe('faceNotDetected');
    expect(videoFaceProblem([f(0), f(1), f(1)])).toBeNull();
    expect(videoFaceProblem([f(1, false), f(1, false), f(1, true)])).toBe('faceNotMatching');
    expect(videoFaceProblem([f(1, false), f(1, true)])).toBeNull();
    expect(videoFaceProblem([f(1, null), f(1, null)])).toBeNull();
  });
  it('a face cut by the edge or far away that did not match is not seen well, never another person (ADR 0244)', () => {
    const unclear = (match: boolean) => ({ faceCount: 1, match, unclear: true });
    // two of three frames leaning out and not recognised: a face not seen, not a mismatch
    expect(videoFaceProblem([unclear(false), unclear(false), f(1, true)])).toBe('faceNotDetected');
    // one such frame among recognised ones is left out of the comparison
    expect(videoFaceProblem([unclear(false), f(1, true), f(1, true), f(1, false), f(1, true)])).toBeNull();
    expect(videoFaceProblem([unclear(false), f(1, false), f(1, false), f(1, true)])).toBe('faceNotMatching');
    // recognised while leaning out: it matched, and counts as a match
    expect(videoFaceProblem([unclear(true), unclear(true), f(1, false)])).toBeNull();
  });
});

describe('upload error mapping (spec §8)', () => {
  it('audio: empty is noAudio, anything else corruptAudio; the server\u2019s type wins', () => {
    expect(audioUploadErrorType('Uploaded audio file is empty')).toBe('noAudio');
    expect(audioUploadErrorType('Network error')).toBe('corruptAudio');
    expect(audioUploadErrorType(null, 'shortDuration')).toBe('shortDuration');
    expect(audioUploadErrorType('x', 'notAType')).toBe('corruptAudio');
  });
  it('video: Database update failed is databaseError, anything else corruptVideo', () => {
    expect(videoUploadErrorType('Database update failed')).toBe('databaseError');
    expect(videoUploadErrorType('boom')).toBe('corruptVideo');
    expect(videoUploadErrorType('x', 'faceNotMatching')).toBe('faceNotMatching');
  });
});

describe('video timer, names', () => {
  it('caps the timer at 241 s and writes 04.00 min', () => {
    expect(videoTimerSeconds(1999)).toBe(1);
    expect(videoTimerSeconds(10 * 60_000)).toBe(241);
    expect(minutesLabel(240)).toBe('04.00 min');
    expect(minutesLabel(65)).toBe('01.05 min');
  });
  it('names a spoken answer {first}_{last}_{examId}_{qid}.wav, safe for any store', () => {
    expect(spokenAnswerFileName('Asha', 'Rao', 12, 34)).toBe('Asha_Rao_12_34.wav');
    expect(spokenAnswerFileName('../x', 'Rao Jr.', 1, 2)).toBe('x_RaoJr_1_2.wav');
  });
  it('accepts plain file names only', () => {
    expect(isPlainFileName('answer.webm')).toBe(true);
    for (const bad of ['', '.', '..', 'a/b.webm', 'C:\\a.webm', 'a\u0000.webm', 'x'.repeat(201)])
      expect(isPlainFileName(bad)).toBe(false);
  });
});

describe('scoring leaves recorded answers to people', () => {
  it('27 and 28 count neither in the marks obtained nor in the total', () => {
    expect(isAutoScored(27)).toBe(false);
    expect(isAutoScored(28)).toBe(false);
    expect(isAutoScored(1)).toBe(true);
    const q = (qid: number, qtypecode: number, marks: number) => ({
      qid,
      qtypecode,
      marks,
      correctChoiceIds: [1],
      answerKey: {},
    });
    const ev = scoreAttempt(
      [q(1, 1, 2), q(2, 28, 5), q(3, 27, 5)],
      new Map([
        [1, { selectedChoiceId: '1' }],
        [2, { answerResourcePath: '/a' }],
      ]),
    );
    expect(ev).toEqual({ obtainedMarks: 2, totalMarks: 2, percentage: 100 });
  });
});
