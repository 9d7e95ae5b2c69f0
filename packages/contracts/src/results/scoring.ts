import { VALUE_SEPARATOR } from '../shared/constants.ts';
import { CHOICE_TYPES, QTYPE, RESOURCE_TYPES, widgetFor } from '../shared/question-types.ts';
import type { AnswerValue } from '../exam/question-item.ts';
import type { Evaluation } from './submit-test.ts';
import { computeTypingMetrics, words } from '../exam/typing-metrics.ts';

/** What the scorer knows of a question (server side only: it holds the answer key). */
export interface ScoringQuestion {
  qid: number;
  qtypecode: number;
  marks: number;
  /** Correct choice ids; for multi-blank, one per blank in blank order. */
  correctChoiceIds: number[];
  answerKey: {
    /** Typed input: accepted value per box (case-insensitive, trimmed). */
    answers?: string[];
    /** Matching: for each Column A id (in order), the Column B id that belongs to it. */
    pairs?: Array<[number, number]>;
    /** Typing test: the source text (marks scale with accuracy). */
    sourceText?: string;
  };
  /** Coding (20): the marks of the server's run of the answer on every test case (ADR 0110). */
  codingMarks?: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const ids = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(Number);

/** The spec's correctid for a multi-blank question: choice ids joined by commas in blank order. */
export const multiBlankCorrectId = (q: Pick<ScoringQuestion, 'correctChoiceIds'>) => q.correctChoiceIds.join(',');

/** Marks obtained for one answer. Descriptive answers need a human and score 0 here. */
export function scoreQuestion(q: ScoringQuestion, a: AnswerValue | undefined): number {
  if (!a) return 0;
  const code = q.qtypecode;
  if (code === QTYPE.multiBlank) {
    const given = (a.selectedChoiceId ?? '')
      .split(',')
      .map((x) => x.trim())
      .join(',');
    return given !== '' && given === multiBlankCorrectId(q) ? q.marks : 0;
  }
  // A code the spec does not describe is scored by its choices when it has a key (ADR 0215).
  const keyed = q.correctChoiceIds.length > 0;
  if ((CHOICE_TYPES as readonly number[]).includes(code) || widgetFor(code, keyed) === 'single-choice') {
    const chosen = new Set(ids(a.selectedChoiceId));
    const correct = new Set(q.correctChoiceIds);
    if (chosen.size === 0 || chosen.size !== correct.size) return 0;
    for (const c of chosen) if (!correct.has(c)) return 0;
    return q.marks;
  }
  if (code === QTYPE.typedInput) {
    const expected = q.answerKey.answers ?? [];
    const given = (a.descriptiveText ?? a.selectedChoiceId ?? '').split(VALUE_SEPARATOR);
    if (expected.length === 0) return 0;
    const ok = expected.every((e, i) => (given[i] ?? '').trim().toLowerCase() === e.trim().toLowerCase());
    return ok ? q.marks : 0;
  }
  if (code === QTYPE.matching) {
    const pairs = q.answerKey.pairs ?? [];
    const order = a.matchOrder ?? [];
    if (pairs.length === 0 || order.length === 0) return 0;
    const right = pairs.filter(([, b], i) => order[i] === b).length;
    return round2((q.marks * right) / pairs.length);
  }
  if (code === QTYPE.typingTest) {
    const source = q.answerKey.sourceText ?? '';
    // Marks come from the source's own words; words typed past it (the added ones) only count for speed.
    const typed = words(a.descriptiveText ?? '')
      .slice(0, words(source).length)
      .join(' ');
    const m = computeTypingMetrics(source, typed, 60);
    return round2((q.marks * m.correctCount) / Math.max(1, m.correctCount + m.incorrectCount + m.skippedCount));
  }
  if (code === QTYPE.coding) return round2(Math.max(0, Math.min(q.marks, q.codingMarks ?? 0)));
  return 0;
}

/** Coding marks (ADR 0110): the question's marks times the share of its test cases passed. */
export const codingMarksFor = (marks: number, passed: number, total: number) =>
  total > 0 ? round2((marks * Math.max(0, Math.min(passed, total))) / total) : 0;

/**
 * Recorded answers (video 27, spoken 28) are reviewed by people, not scored by the machine: they
 * are left out of the automatic result altogether (ADR 0160), so a test with recordings is scored
 * on its other questions instead of losing their marks as zeros.
 */
export const isAutoScored = (qtypecode: number) => !(RESOURCE_TYPES as readonly number[]).includes(qtypecode);

/** obtainedMarks, totalMarks and percentage (two decimals) of an attempt's automatically scored questions. */
export function scoreAttempt(questions: ScoringQuestion[], answers: Map<number, AnswerValue>): Evaluation {
  let obtained = 0;
  let total = 0;
  for (const q of questions) {
    if (!isAutoScored(q.qtypecode)) continue;
    total += q.marks;
    obtained += scoreQuestion(q, answers.get(q.qid));
  }
  return {
    obtainedMarks: round2(obtained),
    totalMarks: round2(total),
    percentage: total > 0 ? round2((obtained / total) * 100) : 0,
  };
}
