/**
 * A countdown that only displays the server's remaining time: it is anchored to
 * performance.now(), so changing the device clock changes nothing.
 */
export class MonotonicCountdown {
  private endAt = 0;

  set(remainingSeconds: number) {
    this.endAt = performance.now() + Math.max(0, remainingSeconds) * 1000;
  }

  remaining(): number {
    return Math.max(0, Math.ceil((this.endAt - performance.now()) / 1000));
  }
}
