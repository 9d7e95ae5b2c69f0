/** Window-switch proctoring (spec section 4). */
export type WindowSwitchVerdict = 'warning' | 'last-warning' | 'violation';

export const WINDOW_SWITCH_TITLES: Record<WindowSwitchVerdict, string> = {
  warning: 'WARNING !!!',
  'last-warning': 'LAST WARNING !!!',
  violation: 'Violation of Rule !!!',
};

/** After `switches` blurs against a limit: warning below it, last warning at it, violation past it. */
export function windowSwitchVerdict(limit: number, switches: number, proctoringEnded = false): WindowSwitchVerdict {
  if (proctoringEnded || limit - switches < 0) return 'violation';
  if (limit - switches === 0) return 'last-warning';
  return 'warning';
}

/** The count left after earlier violations, floored at 0; the zero flag unless defaultZeroProctorCheck is 1. */
export function reducedProctorCount(
  count: number,
  violations: number,
  defaultZeroProctorCheck: number,
): { count: number; zero: boolean } {
  const left = Math.max(0, count - violations);
  return { count: left, zero: left === 0 && defaultZeroProctorCheck !== 1 };
}
