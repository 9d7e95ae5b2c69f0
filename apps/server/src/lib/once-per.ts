/**
 * Wraps a reporter so it runs at most once per `ms`: a fault that repeats on every request (a
 * database away) is logged once a minute, with how many times it happened since the last line,
 * instead of flooding the log.
 */
export function oncePer<T>(ms: number, report: (value: T, since: number) => void, now: () => number = Date.now) {
  let last = -Infinity;
  let since = 0;
  return (value: T): void => {
    since++;
    const t = now();
    if (t - last < ms) return;
    last = t;
    report(value, since);
    since = 0;
  };
}
