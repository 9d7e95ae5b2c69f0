import { describe, expect, it } from 'vitest';
import {
  BUTTON_STYLE,
  TYPING_LEAD_PADDING,
  buttonStyleAfterChange,
  computeTypingMetrics,
  scoreQuestion,
  toggleReviewStyle,
  typingAllowed,
  typingTarget,
  typingTicker,
  words,
  type ScoringQuestion,
} from '../src/index.ts';

const SOURCE = 'one two three four five six seven eight nine ten eleven twelve';

describe('typing test: the text to type grows by 10 random words when fewer than 10 remain', () => {
  it('is the source alone while 10 or more words remain ahead', () => {
    expect(typingTarget(SOURCE, 0, 7)).toEqual(words(SOURCE));
    expect(typingTarget(SOURCE, 2, 7)).toHaveLength(12);
  });
  it('adds 10 words drawn from the source once fewer than 10 remain, and again later', () => {
    const at3 = typingTarget(SOURCE, 3, 7);
    expect(at3).toHaveLength(22);
    expect(at3.slice(0, 12)).toEqual(words(SOURCE));
    for (const w of at3.slice(12)) expect(words(SOURCE)).toContain(w);
    expect(typingTarget(SOURCE, 12, 7)).toHaveLength(22);
    expect(typingTarget(SOURCE, 13, 7)).toHaveLength(32);
  });
  it('is the same list for the same seed (browser and server agree), and only ever extends', () => {
    const short = typingTarget(SOURCE, 5, 42);
    const long = typingTarget(SOURCE, 40, 42);
    expect(long.slice(0, short.length)).toEqual(short);
    expect(typingTarget(SOURCE, 5, 42)).toEqual(short);
    expect(typingTarget(SOURCE, 5, 43)).not.toEqual(short);
  });
  it('a short source (under 10 words) starts with the added words', () => {
    expect(typingTarget('a b c', 0, 1)).toHaveLength(13);
    expect(typingTarget('', 0, 1)).toEqual([]);
  });
});

describe('typing metrics against the growing text', () => {
  it('compares added words at their position; skipped counts only the source words not reached', () => {
    const target = typingTarget(SOURCE, 14, 9);
    const typed = [...target.slice(0, 13), 'wrong'].join(' ');
    const m = computeTypingMetrics(SOURCE, typed, 30, 80, 9);
    expect(m).toMatchObject({
      wordCount: 14,
      correctCount: 13,
      incorrectCount: 1,
      skippedCount: 0,
      typingAccuracy: 92.86,
      keyStrokes: 80,
    });
  });
  it('words per minute come from the elapsed time', () => {
    expect(computeTypingMetrics(SOURCE, 'one two three four five six', 30, 0, 9).wpm).toBe(12);
    expect(computeTypingMetrics(SOURCE, 'one two three four five six', 120, 0, 9).wpm).toBe(3);
    expect(computeTypingMetrics(SOURCE, 'one', 0, 0, 9).wpm).toBe(0);
  });
  it('input is blocked past the word count of the text to type', () => {
    const target = typingTarget('a b', 0, 3);
    expect(typingAllowed(target, target.join(' '))).toBe(true);
    expect(typingAllowed(target, `${target.join(' ')} extra`)).toBe(false);
  });
  it('scoring reads only the source words: extra words typed past it cost nothing', () => {
    const q: ScoringQuestion = {
      qid: 1,
      qtypecode: 6,
      marks: 4,
      correctChoiceIds: [],
      answerKey: { sourceText: 'a b c d' },
    };
    expect(scoreQuestion(q, { descriptiveText: 'a b c d' })).toBe(4);
    expect(scoreQuestion(q, { descriptiveText: 'a b c d b a c' })).toBe(4);
    expect(scoreQuestion(q, { descriptiveText: 'a x c' })).toBe(2);
  });
});

describe('typing strip: 20 characters of lead padding before the current word', () => {
  const lead = (parts: ReturnType<typeof typingTicker>) => {
    const i = parts.findIndex((p) => p.state === 'current');
    return parts
      .slice(0, i)
      .map((p) => p.text)
      .join('');
  };
  it('starts with 20 blank characters, then the first word', () => {
    const parts = typingTicker(words(SOURCE), '');
    expect(lead(parts)).toBe(' '.repeat(TYPING_LEAD_PADDING));
    expect(parts.find((p) => p.state === 'current')?.text).toBe('one');
    expect(
      parts
        .filter((p) => p.state === 'todo')
        .map((p) => p.text.trim())
        .slice(0, 2),
    ).toEqual(['two', 'three']);
  });
  it('keeps exactly 20 characters of what was typed before the current word, marked by correctness', () => {
    const parts = typingTicker(words(SOURCE), 'one twoo three ');
    expect(lead(parts)).toHaveLength(TYPING_LEAD_PADDING);
    expect(lead(parts)).toBe('    one two three '.padStart(20));
    expect(parts.filter((p) => p.state === 'ok').map((p) => p.text)).toEqual(['one', 'three']);
    expect(parts.filter((p) => p.state === 'bad').map((p) => p.text)).toEqual(['two']);
    expect(parts.find((p) => p.state === 'current')?.text).toBe('four');
  });
  it('cuts a long lead to its last 20 characters (a word may be cut); the word being typed is current', () => {
    const parts = typingTicker(words(SOURCE), 'one two three four five six sev');
    expect(lead(parts)).toBe('three four five six ');
    expect(lead(parts)).toHaveLength(20);
    expect(parts.find((p) => p.state === 'current')?.text).toBe('seven');
    expect(lead(typingTicker(words(SOURCE), 'one two three four five six seven '))).toBe(
      'ree four five six seven '.slice(-20),
    );
  });
});

describe('Marked Review', () => {
  const item = { qtypecode: 1, selectedChoiceId: '' };
  it('toggles on whatever the answer, and off back to the answered rule', () => {
    expect(toggleReviewStyle({ ...item, buttonStyle: BUTTON_STYLE.notAnswered })).toBe(BUTTON_STYLE.markedReview);
    expect(toggleReviewStyle({ ...item, selectedChoiceId: '3', buttonStyle: BUTTON_STYLE.answered })).toBe(
      BUTTON_STYLE.markedReview,
    );
    expect(toggleReviewStyle({ ...item, buttonStyle: BUTTON_STYLE.markedReview })).toBe(BUTTON_STYLE.notAnswered);
    expect(toggleReviewStyle({ ...item, selectedChoiceId: '3', buttonStyle: BUTTON_STYLE.markedReview })).toBe(
      BUTTON_STYLE.answered,
    );
  });
  it('survives an answer change', () => {
    expect(buttonStyleAfterChange({ ...item, selectedChoiceId: '3', buttonStyle: BUTTON_STYLE.markedReview })).toBe(
      BUTTON_STYLE.markedReview,
    );
    expect(buttonStyleAfterChange({ ...item, selectedChoiceId: '3', buttonStyle: BUTTON_STYLE.notAnswered })).toBe(
      BUTTON_STYLE.answered,
    );
  });
});
