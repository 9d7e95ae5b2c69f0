import type { TypingMetrics } from './question-item.ts';

export const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

/** Lead padding shown before the current word of the typing strip (spec: 20 characters). */
export const TYPING_LEAD_PADDING = 20;
/** When fewer than this many words remain ahead of the candidate, more are added (spec section 9). */
export const TYPING_MIN_WORDS_AHEAD = 10;
/** How many random words are added each time (spec section 9). */
export const TYPING_ADDED_WORDS = 10;

/** mulberry32: a small seeded PRNG, so the browser and the server draw the same words. */
function prng(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The words to type: the source text, then 10 random words (drawn from the source's own words)
 * each time fewer than 10 remain ahead of the candidate's typed word count. The draw is seeded
 * (by the question id), so a longer typed text only ever extends the same list.
 */
export function typingTarget(source: string, typedWordCount: number, seed: number): string[] {
  const src = words(source);
  if (src.length === 0) return [];
  const target = [...src];
  const rnd = prng(seed);
  while (target.length - typedWordCount < TYPING_MIN_WORDS_AHEAD) {
    for (let i = 0; i < TYPING_ADDED_WORDS; i++) target.push(src[Math.floor(rnd() * src.length)]!);
  }
  return target;
}

/**
 * Typing metrics: a word is correct when it equals the word at the same position of the text to
 * type (the source, or with `seed` the source plus its added words); words per minute from the
 * elapsed time. Skipped counts only the source's own words not reached.
 */
export function computeTypingMetrics(
  source: string,
  typed: string,
  elapsedSeconds: number,
  keyStrokes = typed.length,
  seed?: number,
): TypingMetrics {
  const src = words(source);
  const got = words(typed);
  const target = seed === undefined ? src : typingTarget(source, got.length, seed);
  let correctCount = 0;
  got.forEach((w, i) => {
    if (w === target[i]) correctCount += 1;
  });
  const wordCount = got.length;
  const incorrectCount = wordCount - correctCount;
  const skippedCount = Math.max(0, src.length - wordCount);
  const minutes = elapsedSeconds / 60;
  const wpm = minutes > 0 ? Math.round(wordCount / minutes) : 0;
  const typingAccuracy = wordCount > 0 ? Math.round((correctCount / wordCount) * 10000) / 100 : 0;
  return { wordCount, correctCount, incorrectCount, skippedCount, wpm, typingAccuracy, keyStrokes };
}

/** Input is blocked once the typed word count exceeds the word count of the text to type. */
export function typingAllowed(source: string | string[], nextTyped: string): boolean {
  const count = Array.isArray(source) ? source.length : words(source).length;
  return words(nextTyped).length <= count;
}

export interface TickerPart {
  text: string;
  /** pad: lead padding; ok/bad: typed words; current: the word being typed; todo: words ahead. */
  state: 'pad' | 'ok' | 'bad' | 'current' | 'todo';
}

/**
 * The one-line typing strip: exactly TYPING_LEAD_PADDING characters before the current word
 * (blank padding at the start, then the end of what was typed, coloured by correctness), the
 * current word, and the words ahead up to `aheadChars` characters.
 */
export function typingTicker(target: string[], typed: string, aheadChars = 80): TickerPart[] {
  const got = words(typed);
  const current = typed === '' || /\s$/.test(typed) ? got.length : got.length - 1;
  const lead: TickerPart[] = [{ text: ' '.repeat(TYPING_LEAD_PADDING), state: 'pad' }];
  for (let i = 0; i < current && i < target.length; i++) {
    lead.push({ text: target[i]!, state: got[i] === target[i] ? 'ok' : 'bad' }, { text: ' ', state: 'pad' });
  }
  // Keep only the last TYPING_LEAD_PADDING characters of the lead.
  let excess = lead.reduce((n, p) => n + p.text.length, 0) - TYPING_LEAD_PADDING;
  while (excess > 0) {
    const first = lead[0]!;
    if (first.text.length <= excess) {
      excess -= first.text.length;
      lead.shift();
    } else {
      lead[0] = { ...first, text: first.text.slice(excess) };
      excess = 0;
    }
  }
  const parts = lead;
  if (current < target.length) parts.push({ text: target[current]!, state: 'current' });
  let room = aheadChars;
  for (let i = current + 1; i < target.length && room > 0; i++) {
    parts.push({ text: ` ${target[i]}`, state: 'todo' });
    room -= target[i]!.length + 1;
  }
  return parts;
}
