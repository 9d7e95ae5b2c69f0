import type { TypingMetrics } from './question-item.ts';

export const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

/** Typing metrics: a word is correct when it equals the source word at the same position. */
export function computeTypingMetrics(source: string, typed: string, elapsedSeconds: number, keyStrokes = typed.length): TypingMetrics {
  const src = words(source);
  const got = words(typed);
  let correctCount = 0;
  got.forEach((w, i) => { if (w === src[i]) correctCount += 1; });
  const wordCount = got.length;
  const incorrectCount = wordCount - correctCount;
  const skippedCount = Math.max(0, src.length - wordCount);
  const minutes = elapsedSeconds / 60;
  const wpm = minutes > 0 ? Math.round(wordCount / minutes) : 0;
  const typingAccuracy = wordCount > 0 ? Math.round((correctCount / wordCount) * 10000) / 100 : 0;
  return { wordCount, correctCount, incorrectCount, skippedCount, wpm, typingAccuracy, keyStrokes };
}

/** Input is blocked once the typed word count exceeds the source's word count. */
export function typingAllowed(source: string, nextTyped: string): boolean {
  return words(nextTyped).length <= words(source).length;
}

/** Lead padding shown before the source text (spec: 20 characters). */
export const TYPING_LEAD_PADDING = 20;
