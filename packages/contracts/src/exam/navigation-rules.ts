/** Navigation buttons (spec section 5). */
export interface NavigationState {
  index: number;
  total: number;
  recording: boolean;
  /** answermandatoryflag === 1 */
  mandatory: boolean;
  /** navflag === 1: going back is allowed. */
  navigationAllowed: boolean;
  examtypeid: number;
  totalMarksToAttempt: number;
  /** Sum of the marks of the questions served so far (adaptive). */
  marksServed: number;
  currentAnswered: boolean;
  allAnswered: boolean;
}

export const ADAPTIVE_EXAM_TYPE = 4;

export const remainingMarks = (s: Pick<NavigationState, 'totalMarksToAttempt' | 'marksServed'>) =>
  Math.max(0, s.totalMarksToAttempt - s.marksServed);

export function canGoNext(s: NavigationState): boolean {
  if (s.recording) return false;
  if (s.mandatory && !s.currentAnswered) return false;
  if (s.examtypeid === ADAPTIVE_EXAM_TYPE) return remainingMarks(s) !== 0;
  return s.index < s.total - 1;
}

export function canGoPrevious(s: NavigationState): boolean {
  return s.index > 0 && !s.recording && s.navigationAllowed;
}

export function canFinish(s: NavigationState): boolean {
  if (s.recording) return false;
  if (s.mandatory && !s.allAnswered) return false;
  if (s.examtypeid === ADAPTIVE_EXAM_TYPE) return remainingMarks(s) === 0;
  return true;
}

/** Whether the grid may jump to question `target` (forward-only tests never jump back; mandatory tests never skip an unanswered one). */
export function canJumpTo(s: NavigationState, target: number, answeredFlags: boolean[]): boolean {
  if (s.recording || target === s.index || target < 0 || target >= s.total) return false;
  if (s.examtypeid === ADAPTIVE_EXAM_TYPE) return false;
  if (target < s.index) return s.navigationAllowed;
  if (!s.navigationAllowed) return false;
  if (s.mandatory) return answeredFlags.slice(0, target).every(Boolean);
  return true;
}

/**
 * An adaptive test's earlier answers chose the questions after them: only the last question
 * served may still change, and the server keeps the others as they were (ADR 0197), so the
 * screen shows them read-only.
 */
export function answerLocked(s: Pick<NavigationState, 'examtypeid' | 'index' | 'total'>): boolean {
  return s.examtypeid === ADAPTIVE_EXAM_TYPE && s.index < s.total - 1;
}
