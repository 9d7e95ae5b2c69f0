import { PHOTO_CHECK_RUNS } from '@invigil/contracts';

/** Spec: a periodic photo check runs at most 4 times (the counter stops after 3); the server knows it too. */
export const PHOTO_MAX_RUNS = PHOTO_CHECK_RUNS;
/** Spec: after a mismatch with photo_action 'S', confirming the image alert retakes the check after 2 s. */
export const RETAKE_DELAY_MS = 2000;
/** Spec: the speaker check records a 15-second sample. */
export const SPEAKER_SAMPLE_MS = 15_000;

export interface Schedule {
  firstMs: number;
  everyMs: number;
}

/** The periodic photo check: every photo_timer seconds. */
export const photoSchedule = (photoTimer: number): Schedule => ({
  firstMs: photoTimer * 1000,
  everyMs: photoTimer * 1000,
});

/**
 * The speaker check: the first sample at photo_timer - 15 s, then every photo_timer; when
 * photo_timer is under 30 s, the first at 20 s and then every 40 s.
 */
export function speakerSchedule(photoTimer: number): Schedule {
  if (photoTimer < 30) return { firstMs: 20_000, everyMs: 40_000 };
  return { firstMs: (photoTimer - 15) * 1000, everyMs: photoTimer * 1000 };
}

/**
 * Runs a check on a schedule: the first after firstMs, then every everyMs (a turn is skipped
 * while the previous run is still going). pause() (a check found a problem) stops the timer until resume() (the warning was
 * confirmed), which waits a full period again; retakeAfter() runs one sooner. At most maxRuns
 * runs in all.
 */
export class CheckScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private paused = false;
  private stopped = false;
  private running = false;
  runs = 0;

  constructor(
    private readonly schedule: Schedule,
    private readonly run: () => Promise<void> | void,
    private readonly maxRuns = Infinity,
  ) {}

  start() {
    this.plan(this.schedule.firstMs);
  }

  pause() {
    this.paused = true;
    this.clear();
  }

  resume() {
    if (this.stopped) return;
    this.paused = false;
    this.plan(this.schedule.everyMs);
  }

  /** Runs the check again after ms (the image alert's retake), leaving the pause. */
  retakeAfter(ms: number) {
    if (this.stopped) return;
    this.paused = false;
    this.plan(ms);
  }

  stop() {
    this.stopped = true;
    this.clear();
  }

  get done() {
    return this.stopped || this.runs >= this.maxRuns;
  }

  private clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private plan(ms: number) {
    this.clear();
    if (this.done || this.paused) return;
    this.timer = setTimeout(() => void this.fire(), ms);
  }

  private async fire() {
    this.timer = null;
    if (this.done || this.paused) return;
    if (this.running) {
      // The previous run (a 15 s recording, a slow upload) is still going: skip this turn.
      this.plan(this.schedule.everyMs);
      return;
    }
    this.runs++;
    this.plan(this.schedule.everyMs);
    this.running = true;
    try {
      await this.run();
    } catch {
      // A failed run is the run's business (it logs); the schedule goes on.
    } finally {
      this.running = false;
    }
  }
}
