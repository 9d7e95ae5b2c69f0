import type { AnswerChange } from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** A change is sent at most this long after it was made (when online). */
export const SAVE_DELAY_MS = 1000;
/** After a failed save (offline, 401, 503, ...) the queue tries again this much later. */
export const RETRY_MS = 3000;

interface SaveQueueDeps {
  /** The change to send for a question now: its latest answer and seq (undefined: gone). */
  changeOf(qid: number): AnswerChange | undefined;
  /**
   * One progress save of these changes (the delta form of answeredQuestions). `offline`: they
   * waited in this queue through a failed save or a reload (the server's timeline shows it).
   */
  send(changes: AnswerChange[], keepalive: boolean, offline: boolean): Promise<{ time_remaining: number }>;
  /** False while the test is being submitted: nothing more is sent. */
  canSend(): boolean;
  /** The server took a save (the confirmed changes have left the queue). */
  onSaved(timeRemaining: number): void;
  /** A save failed; `online` is false only when the request did not reach the server; `status` is its HTTP status (0: not reached). */
  onFailed(online: boolean, status: number): void;
  /** 409: the attempt is no longer in progress (time up or submitted elsewhere); the server's exam status. */
  onClosed(examStatus: string | undefined): void;
}

/**
 * The test engine's save queue, without React: the questions changed on this device and not yet
 * confirmed by the server, each change numbered by a rising seq (the server keeps the highest).
 * - Coalescing: a question is queued once; a save sends its latest answer and seq.
 * - Ordering: questions are sent in the order they were first queued, one save at a time.
 * - Never losing an answer: a question leaves the queue only when the server confirmed the seq
 *   it holds now; a change made while a save is in flight stays and is sent after it.
 * - Failures: 409 closes the attempt (onClosed); anything else (offline, 401, 503 with or
 *   without Retry-After) keeps every change and tries again after RETRY_MS.
 */
export class SaveQueue {
  private counter = 0;
  private pending = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Questions that must go in another save even if the save in flight confirms their seq: what
   * that save carries besides the answers (the window-switch count) changed after it left.
   */
  private again = new Set<number>();
  private inFlight = false;
  /** The queue's changes were kept through a failure or a reload: the next save says so. */
  private kept = false;

  constructor(private readonly deps: SaveQueueDeps) {}

  /** The highest seq used on this device. */
  get seq(): number {
    return this.counter;
  }

  get size(): number {
    return this.pending.size;
  }

  /** The queued questions, in sending order. */
  ids(): number[] {
    return [...this.pending];
  }

  /** Loading a test: the seq and queue kept in the local copy (or merged with the server's). */
  restore(seq: number, pending: Iterable<number>): void {
    this.counter = seq;
    this.pending = new Set(pending);
    this.kept = this.pending.size > 0;
  }

  /** The server holds changes up to `seq` (another tab's): this page's next change goes above them. */
  raise(seq: number): void {
    this.counter = Math.max(this.counter, seq);
  }

  /** The seq of a new change. */
  nextSeq(): number {
    return ++this.counter;
  }

  add(qid: number): void {
    this.pending.add(qid);
  }

  /** The server took this question's answer another way (the adaptive next-question call). */
  remove(qid: number): void {
    this.pending.delete(qid);
  }

  /**
   * A save that must go at once with this question although its answer did not change (a window
   * switch: the save carries the new count). A save already in flight left with the old count,
   * so another follows it.
   */
  sendNow(qid: number): void {
    this.pending.add(qid);
    if (this.inFlight) this.again.add(qid);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.schedule(0);
  }

  /** Sends within `delay` unless a send is already scheduled. */
  schedule(delay = SAVE_DELAY_MS): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Sends the pending answers (the latest of each, with its seq); keeps them when offline. */
  async flush(keepalive = false): Promise<void> {
    if (this.inFlight || this.pending.size === 0 || !this.deps.canSend()) return;
    this.inFlight = true;
    const changes = [...this.pending].map((qid) => this.deps.changeOf(qid)).filter((c): c is AnswerChange => !!c);
    this.again.clear();
    try {
      const res = await this.deps.send(changes, keepalive, this.kept);
      this.kept = false;
      for (const c of changes)
        if (this.deps.changeOf(c.qid)?.seq === c.seq && !this.again.has(c.qid)) this.pending.delete(c.qid);
      this.deps.onSaved(res.time_remaining);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        this.inFlight = false;
        this.deps.onClosed(closedStatus(e));
        return;
      }
      const status = e instanceof ApiError ? e.status : 0;
      this.deps.onFailed(!(e instanceof ApiError && e.status === 0), status);
      this.kept = true;
      this.inFlight = false;
      this.schedule(RETRY_MS);
      return;
    }
    this.inFlight = false;
    if (this.again.size) this.schedule(0);
    else if (this.pending.size) this.schedule();
  }

  /** The link is back: drain the queue now. */
  online(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    void this.flush();
  }

  /** Submitting or leaving: the scheduled send is dropped and no new one is scheduled. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

/** The exam status a 409 names (`examStatus` in its body), if any. */
export function closedStatus(e: ApiError): string | undefined {
  const status = (e.body as { examStatus?: unknown } | null)?.examStatus;
  return typeof status === 'string' ? status : undefined;
}
