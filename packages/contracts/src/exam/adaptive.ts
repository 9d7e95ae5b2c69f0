/** Adaptive tests (examtypeid 4): the server picks the next question from the difficulty pools. */
export interface PoolQuestion {
  qid: number;
  level: number;
  marks: number;
}

export const LEVELS = [1, 2, 3] as const;
export const ADAPTIVE_START_LEVEL = 2;

/** Up after a correct answer, down after a wrong one, within 1..3. */
export function nextLevel(level: number, lastCorrect: boolean): number {
  return Math.min(3, Math.max(1, level + (lastCorrect ? 1 : -1)));
}

/**
 * A random unasked question at the wanted level whose marks fit the remaining marks; if that
 * pool is empty, the nearest level that has one. Null ends the flow (the last-question modal).
 */
export function pickNextQuestion(
  pool: PoolQuestion[],
  asked: ReadonlySet<number>,
  level: number,
  remainingMarks: number,
  random: () => number = Math.random,
): PoolQuestion | null {
  if (remainingMarks <= 0) return null;
  const order = [0, -1, 1, -2, 2].map((d) => level + d).filter((l) => l >= 1 && l <= 3);
  for (const l of order) {
    const candidates = pool.filter((q) => q.level === l && !asked.has(q.qid) && q.marks <= remainingMarks);
    if (candidates.length > 0)
      return candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
  }
  return null;
}
