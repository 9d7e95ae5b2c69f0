import type { AttemptEvent, EventLogRepository } from './event-log.repository.ts';
import type { LiveAttempts } from './live-attempts.ts';

/**
 * What the exam, results, auth and proctoring services tell support about an attempt (ADR
 * 0121): an event for its timeline, and a touch for the live Ongoing Tests.
 */
export class AttemptActivity {
  constructor(
    private readonly events: EventLogRepository,
    private readonly live: LiveAttempts,
  ) {}

  record(e: AttemptEvent): void {
    this.events.record(e);
  }

  /** The attempt's Ongoing Tests row changed (a save, start, resume or close). */
  touch(userExamId: number): void {
    this.live.touch(userExamId);
  }
}
