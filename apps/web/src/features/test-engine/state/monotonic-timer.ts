/**
 * A countdown that only displays the server's remaining time: it is anchored to
 * performance.now(), so changing the device clock changes nothing.
 */
export class MonotonicCountdown {
  private endAt = 0;

  /**
   * `at` is when the server's answer arrived (performance.now()): a figure read later (after a
   * further call) still counts from the moment the server gave it.
   */
  set(remainingSeconds: number, at = performance.now()) {
    this.endAt = at + Math.max(0, remainingSeconds) * 1000;
  }

  remaining(): number {
    return Math.max(0, Math.ceil((this.endAt - performance.now()) / 1000));
  }
}
