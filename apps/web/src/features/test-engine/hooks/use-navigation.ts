import { canFinish, canGoNext, canGoPrevious, canJumpTo, isAnswered, type NavigationState } from '@invigil/contracts';
import { useEngineState } from '../engine-context.ts';
import { blankCount } from '../state/answer-rules.ts';

/** The spec's navigation rules applied to the engine's state. */
export function useNavigation() {
  const s = useEngineState();
  const d = s.detail;
  const answered = s.items.map((q) => isAnswered({ ...q, blankCount: blankCount(q) }));
  const nav: NavigationState = {
    index: s.index,
    total: s.items.length,
    recording: s.recording || s.uploading,
    mandatory: d?.answermandatoryflag === 1,
    navigationAllowed: (d?.navflag ?? 1) === 1,
    examtypeid: d?.examtypeid ?? 1,
    totalMarksToAttempt: d?.totalmarkstoattempt ?? 0,
    marksServed: s.adaptiveDone ? (d?.totalmarkstoattempt ?? 0) : s.items.reduce((sum, q) => sum + (q.qmarks ?? 0), 0),
    currentAnswered: answered[s.index] ?? false,
    allAnswered: answered.every(Boolean),
  };
  return {
    nav,
    answered,
    canNext: canGoNext(nav) && !s.busy,
    canPrevious: canGoPrevious(nav) && !s.busy,
    canFinish: canFinish(nav) && !s.busy,
    canJump: (i: number) => canJumpTo(nav, i, answered),
  };
}
