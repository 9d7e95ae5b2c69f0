import { describe, expect, it } from 'vitest';
import {
  allBlanksFilled,
  answerFileName,
  encodeFileNamePart,
  answerLocked,
  canFinish,
  canGoNext,
  canGoPrevious,
  canJumpTo,
  computeTypingMetrics,
  decodePayload,
  displayTexts,
  encodePayload,
  formatHms,
  isAnswered,
  isOneMinuteMark,
  mediaKind,
  nextLevel,
  pickNextQuestion,
  progressPercent,
  reducedProctorCount,
  remainingSeconds,
  scoreAttempt,
  scoreQuestion,
  widgetFor,
  stripDescriptive,
  typingAllowed,
  windowSwitchVerdict,
  type NavigationState,
  type ScoringQuestion,
} from '../src/index.ts';

describe('answered rules by type code', () => {
  it('choice types need a selected choice', () => {
    for (const code of [1, 2, 13, 14, 16, 17, 18, 24, 32]) {
      expect(isAnswered({ qtypecode: code, selectedChoiceId: '12' })).toBe(true);
      expect(isAnswered({ qtypecode: code, selectedChoiceId: '' })).toBe(false);
      expect(isAnswered({ qtypecode: code, descriptiveText: 'text' })).toBe(false);
    }
  });
  it('descriptive types need text with tags, spaces and &nbsp; stripped, or a file', () => {
    for (const code of [12, 4, 5, 6, 7, 8, 9, 19, 20, 29]) {
      expect(isAnswered({ qtypecode: code, descriptiveText: '<p>&nbsp; </p>' })).toBe(false);
      expect(isAnswered({ qtypecode: code, descriptiveText: '<p>x</p>' })).toBe(true);
      expect(isAnswered({ qtypecode: code, uploadedFile: 'a.pdf' })).toBe(true);
    }
    expect(stripDescriptive('<b> a&nbsp;b </b>')).toBe('ab');
  });
  it('typed input joined with |^^| is empty when every box is empty', () => {
    expect(isAnswered({ qtypecode: 5, descriptiveText: '|^^||^^|' })).toBe(false);
    expect(isAnswered({ qtypecode: 5, descriptiveText: '|^^|Paris|^^|' })).toBe(true);
  });
  it('27 and 28 need an uploaded answer resource', () => {
    expect(isAnswered({ qtypecode: 27, answerResourcePath: 'v.mp4' })).toBe(true);
    expect(isAnswered({ qtypecode: 28, descriptiveText: 'Not Required' })).toBe(false);
  });
  it('multi-blank needs every blank', () => {
    expect(isAnswered({ qtypecode: 3, selectedChoiceId: '4,', blankCount: 2 })).toBe(false);
    expect(isAnswered({ qtypecode: 3, selectedChoiceId: '4,9', blankCount: 2 })).toBe(true);
    expect(allBlanksFilled('4,9,', 3)).toBe(false);
    expect(allBlanksFilled('4', 1)).toBe(true);
  });
  it('progress is answered / total * 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('navigation rules', () => {
  const base: NavigationState = {
    index: 0,
    total: 3,
    recording: false,
    mandatory: false,
    navigationAllowed: true,
    examtypeid: 1,
    totalMarksToAttempt: 0,
    marksServed: 0,
    currentAnswered: false,
    allAnswered: false,
  };
  it('Next: not on the last question, not while recording, not unanswered when mandatory', () => {
    expect(canGoNext(base)).toBe(true);
    expect(canGoNext({ ...base, index: 2 })).toBe(false);
    expect(canGoNext({ ...base, recording: true })).toBe(false);
    expect(canGoNext({ ...base, mandatory: true })).toBe(false);
    expect(canGoNext({ ...base, mandatory: true, currentAnswered: true })).toBe(true);
  });
  it('Previous: not first, not recording, not when navigation is off', () => {
    expect(canGoPrevious(base)).toBe(false);
    expect(canGoPrevious({ ...base, index: 1 })).toBe(true);
    expect(canGoPrevious({ ...base, index: 1, navigationAllowed: false })).toBe(false);
  });
  it('Finish: mandatory needs all answered; adaptive needs zero remaining marks', () => {
    expect(canFinish(base)).toBe(true);
    expect(canFinish({ ...base, mandatory: true })).toBe(false);
    const adaptive = { ...base, examtypeid: 4, totalMarksToAttempt: 5, marksServed: 3 };
    expect(canFinish(adaptive)).toBe(false);
    expect(canGoNext(adaptive)).toBe(true);
    expect(canFinish({ ...adaptive, marksServed: 5 })).toBe(true);
    expect(canGoNext({ ...adaptive, marksServed: 5 })).toBe(false);
  });
  it('adaptive: only the last question served may change its answer (ADR 0197)', () => {
    expect(answerLocked({ examtypeid: 4, index: 0, total: 3 })).toBe(true);
    expect(answerLocked({ examtypeid: 4, index: 1, total: 3 })).toBe(true);
    expect(answerLocked({ examtypeid: 4, index: 2, total: 3 })).toBe(false);
    expect(answerLocked({ examtypeid: 1, index: 0, total: 3 })).toBe(false);
  });
  it('grid jumps respect navigation and mandatory rules', () => {
    expect(canJumpTo({ ...base, index: 2 }, 0, [])).toBe(true);
    expect(canJumpTo({ ...base, index: 2, navigationAllowed: false }, 0, [])).toBe(false);
    expect(canJumpTo({ ...base, mandatory: true }, 2, [true, false, false])).toBe(false);
    expect(canJumpTo({ ...base, mandatory: true }, 2, [true, true, false])).toBe(true);
  });
});

describe('typing metrics', () => {
  it('counts words against the same position of the source', () => {
    const m = computeTypingMetrics('the quick brown fox', 'the quick brwn', 30, 14);
    expect(m).toEqual({
      wordCount: 3,
      correctCount: 2,
      incorrectCount: 1,
      skippedCount: 1,
      wpm: 6,
      typingAccuracy: 66.67,
      keyStrokes: 14,
    });
  });
  it('blocks input past the source word count', () => {
    expect(typingAllowed('a b', 'a b')).toBe(true);
    expect(typingAllowed('a b', 'a b c')).toBe(false);
  });
});

describe('timer', () => {
  it('formats h:mm:ss and spots the one-minute mark', () => {
    expect(formatHms(60)).toBe('00:01:00');
    expect(formatHms(3725)).toBe('01:02:05');
    expect(formatHms(-5)).toBe('00:00:00');
    expect(isOneMinuteMark(60)).toBe(true);
    expect(isOneMinuteMark(61)).toBe(false);
  });
  it('remaining time comes from the deadline and never exceeds the total', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(remainingSeconds(new Date('2026-01-01T10:01:30Z'), now, 600)).toBe(90);
    expect(remainingSeconds(new Date('2026-01-01T09:59:00Z'), now, 600)).toBe(0);
    expect(remainingSeconds(new Date('2026-01-01T11:00:00Z'), now, 600)).toBe(600);
  });
});

describe('scoring', () => {
  const q = (over: Partial<ScoringQuestion>): ScoringQuestion => ({
    qid: 1,
    qtypecode: 1,
    marks: 2,
    correctChoiceIds: [11],
    answerKey: {},
    ...over,
  });
  it('single and multiple choice', () => {
    expect(scoreQuestion(q({}), { selectedChoiceId: '11' })).toBe(2);
    expect(scoreQuestion(q({}), { selectedChoiceId: '12' })).toBe(0);
    const multi = q({ qtypecode: 2, correctChoiceIds: [11, 13] });
    expect(scoreQuestion(multi, { selectedChoiceId: '13,11' })).toBe(2);
    expect(scoreQuestion(multi, { selectedChoiceId: '11' })).toBe(0);
    expect(scoreQuestion(multi, { selectedChoiceId: '11,12,13' })).toBe(0);
  });
  it('multi-blank is correct when ids joined in blank order equal correctid', () => {
    const mb = q({ qtypecode: 3, correctChoiceIds: [21, 25, 28] });
    expect(scoreQuestion(mb, { selectedChoiceId: '21,25,28' })).toBe(2);
    expect(scoreQuestion(mb, { selectedChoiceId: '25,21,28' })).toBe(0);
    expect(scoreQuestion(mb, { selectedChoiceId: '21,25' })).toBe(0);
  });
  it('typed input, matching and typing', () => {
    expect(
      scoreQuestion(q({ qtypecode: 5, answerKey: { answers: ['Paris', 'Rome'] } }), {
        descriptiveText: ' paris |^^|ROME',
      }),
    ).toBe(2);
    expect(
      scoreQuestion(q({ qtypecode: 5, answerKey: { answers: ['Paris', 'Rome'] } }), { descriptiveText: 'Paris|^^|' }),
    ).toBe(0);
    const match = q({
      qtypecode: 7,
      marks: 4,
      answerKey: {
        pairs: [
          [1, 5],
          [2, 6],
          [3, 7],
          [4, 8],
        ],
      },
    });
    expect(scoreQuestion(match, { matchOrder: [5, 6, 8, 7] })).toBe(2);
    expect(
      scoreQuestion(q({ qtypecode: 6, marks: 4, answerKey: { sourceText: 'a b c d' } }), { descriptiveText: 'a b x' }),
    ).toBe(2);
    expect(scoreQuestion(q({ qtypecode: 4 }), { descriptiveText: 'essay' })).toBe(0);
  });
  it('a type the spec does not describe is scored by its key, or left to a human without one', () => {
    for (const code of [15, 21, 23, 31, 99]) {
      expect(scoreQuestion(q({ qtypecode: code }), { selectedChoiceId: '11' })).toBe(2);
      expect(scoreQuestion(q({ qtypecode: code }), { selectedChoiceId: '12' })).toBe(0);
      expect(scoreQuestion(q({ qtypecode: code, correctChoiceIds: [] }), { descriptiveText: 'essay' })).toBe(0);
    }
    // Descriptive codes stay descriptive even with a stray key.
    expect(scoreQuestion(q({ qtypecode: 4 }), { selectedChoiceId: '11' })).toBe(0);
  });
  it('the widget of a type the spec does not describe follows its choices', () => {
    for (const code of [15, 21, 23, 31, 99]) {
      expect(widgetFor(code, true)).toBe('single-choice');
      expect(widgetFor(code)).toBe('descriptive');
    }
    expect(widgetFor(1)).toBe('single-choice');
    expect(widgetFor(2, false)).toBe('multiple-choice');
    expect(widgetFor(4, true)).toBe('descriptive');
    expect(widgetFor(28, true)).toBe('spoken');
  });
  it('attempt totals and percentage', () => {
    const qs = [q({ qid: 1 }), q({ qid: 2, correctChoiceIds: [20] }), q({ qid: 3, qtypecode: 4 })];
    const ev = scoreAttempt(
      qs,
      new Map([
        [1, { selectedChoiceId: '11' }],
        [2, { selectedChoiceId: '99' }],
      ]),
    );
    expect(ev).toEqual({ obtainedMarks: 2, totalMarks: 6, percentage: 33.33 });
  });
});

describe('adaptive picking', () => {
  const pool = [
    { qid: 1, level: 1, marks: 1 },
    { qid: 2, level: 2, marks: 1 },
    { qid: 3, level: 2, marks: 2 },
    { qid: 4, level: 3, marks: 3 },
    { qid: 5, level: 3, marks: 1 },
  ];
  it('moves up after correct, down after wrong, within 1..3', () => {
    expect(nextLevel(2, true)).toBe(3);
    expect(nextLevel(3, true)).toBe(3);
    expect(nextLevel(1, false)).toBe(1);
  });
  it('picks an unasked question of the level that fits the remaining marks', () => {
    expect(pickNextQuestion(pool, new Set([5]), 3, 3, () => 0)?.qid).toBe(4);
    expect(pickNextQuestion(pool, new Set(), 3, 1, () => 0)?.qid).toBe(5);
    expect(pickNextQuestion(pool, new Set([4, 5]), 3, 5, () => 0)?.level).toBe(2);
    expect(pickNextQuestion(pool, new Set([1, 2, 3, 4, 5]), 2, 5)).toBeNull();
    expect(pickNextQuestion(pool, new Set(), 2, 0)).toBeNull();
  });
});

describe('window switch, media, translation, encoding', () => {
  it('warning, last warning, violation against the limit', () => {
    expect(windowSwitchVerdict(2, 1)).toBe('warning');
    expect(windowSwitchVerdict(2, 2)).toBe('last-warning');
    expect(windowSwitchVerdict(2, 3)).toBe('violation');
    expect(windowSwitchVerdict(2, 1, true)).toBe('violation');
    expect(reducedProctorCount(2, 3, 0)).toEqual({ count: 0, zero: true });
    expect(reducedProctorCount(2, 3, 1)).toEqual({ count: 0, zero: false });
    expect(reducedProctorCount(3, 1, 0)).toEqual({ count: 2, zero: false });
  });
  it('media kinds by extension', () => {
    expect(mediaKind('/r/a.PNG')).toBe('image');
    expect(mediaKind('x.mp3')).toBe('audio');
    expect(mediaKind('x.mov?x=1')).toBe('video');
    expect(mediaKind('x.pdf')).toBe('file');
    expect(mediaKind('x.exe')).toBeNull();
  });
  it('an answer file keeps its name in any language within the key alphabet (ADR 0260)', () => {
    for (const name of ['रिज़्यूमे 履歴書_résumé.pdf', 'my answer (1).docx', '_E0_.pdf', '.hidden.png']) {
      const part = encodeFileNamePart(name);
      expect(part).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(answerFileName(`/api/result/files/answer-files/1/2/17.${part}`)).toBe(name);
    }
    const long = encodeFileNamePart(`${'履'.repeat(200)}.pdf`);
    expect(long.length).toBeLessThanOrEqual(180);
    expect(answerFileName(`17.${long}`)).toMatch(/^履+\.pdf$/);
    // keys stored before: <ms>-<ascii name>
    expect(answerFileName('answer-files/1/2/17-my_answer.pdf')).toBe('my_answer.pdf');
  });
  it('translations with the missing marker and English alongside', () => {
    expect(displayTexts('Hello', 'नमस्ते', 'hi-IN', 1)).toEqual({ primary: 'नमस्ते', english: 'Hello', missing: false });
    expect(displayTexts('Hello', '--null--', 'hi-IN', 0)).toEqual({
      primary: '( Translation not available )',
      english: null,
      missing: true,
    });
    expect(displayTexts('Hello', 'x', 'en-IN', 1)).toEqual({ primary: 'Hello', english: null, missing: false });
  });
  it('payloads are base64url JSON', () => {
    const v = { a: 'नमस्ते', b: [1, 2] };
    expect(decodePayload(encodePayload(v))).toEqual(v);
    expect(encodePayload(v)).not.toMatch(/[+/=]/);
  });
});
