import { EXAM_STATUS, isAnswered, windowSwitchVerdict } from '@invigil/contracts';
import { fetchSavedTest } from '../api/test-calls.ts';
import { AnsweringEngine } from './answering-engine.ts';
import { blankCount, withSecondSpent } from './answer-rules.ts';
import { failureMessage, loadAttempt, startAttempt } from './attempt-load.ts';
import { markOneMinuteShown, oneMinuteShown, withServerAnswers } from './local-copy.ts';
import {
  RESEND_MS,
  completeSubmission,
  resendSubmission,
  retestAttempt,
  showClosedAttempt,
} from './submission-flow.ts';

/**
 * The test engine's state and rules, outside React: local-storage-first answers and navigation
 * with a save queue that drains in order when the link returns (answering-engine.ts,
 * save-queue.ts); here the attempt's life: loading, start or resume, the server's clock, window
 * switches and submission (submission-flow.ts).
 */
/** Ticks further apart than this (by either clock) mean the page slept: ask the server for the time. */
const TICK_GAP_MS = 5000;
/**
 * At zero the page asks the server for its clock before it ends the test, and waits this long for
 * the answer; without one (offline, a link that hangs) the page's own zero ends it.
 */
export const ZERO_CHECK_MS = 5000;
/**
 * A finish waits at most this long for the proctoring checks the page still keeps (a busy server,
 * a link that just came back) to reach the server, which takes none once the test is submitted.
 */
export const KEPT_CHECKS_MS = 8000;

export class TestEngine extends AnsweringEngine {
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** Sends a failed submission again while the page stays open. */
  private resender: ReturnType<typeof setInterval> | null = null;
  private resending = false;
  private syncing = false;
  private checkingZero = false;
  /** When the last tick ran, by both clocks: a late one means the page slept or was frozen. */
  private lastTick = { mono: 0, wall: 0 };
  private warnedOneMinute = false;
  private ticks = 0;
  /** What a finish waits for first (the proctoring panel's kept checks). */
  private finishHooks = new Set<() => Promise<void>>();

  constructor(
    examId: number,
    private readonly language: string,
  ) {
    super(examId);
  }

  async load() {
    try {
      const loaded = await loadAttempt(this.examId, this.language);
      this.queue.restore(loaded.seq, loaded.pending);
      this.windowSwitches = 0;
      this.switchesBefore = loaded.state.detail?.windowSwitchCount ?? 0;
      this.set({ ...loaded.state, pendingCount: this.queue.size });
    } catch (e) {
      this.set({ phase: 'failed', error: failureMessage(e) });
    }
  }

  /** Start (000/998 to 001) or Resume (sends the local copy; newer answers win on the server). */
  async begin() {
    const { detail, items, busy, phase } = this.state;
    // A second press while the first start is under way (or done) would start a second clock.
    if (!detail || busy || phase === 'questions') return;
    this.set({ busy: true });
    try {
      const started = await startAttempt(this.examId, this.language, detail, items);
      this.countdown.set(started.time_remaining, started.receivedAt);
      this.set({
        phase: 'questions',
        busy: false,
        items: started.items,
        remaining: this.countdown.remaining(),
        detail: { ...detail, status: started.status, time_remaining: started.time_remaining },
      });
      this.visit(this.state.index);
      this.ticker = setInterval(() => this.tick(), 1000);
      if (this.queue.size) this.queue.schedule();
    } catch (e) {
      this.set({ busy: false, phase: 'failed', error: failureMessage(e) });
    }
  }

  /** Set when the server stopped the attempt (proctoring, status 111): the page may leave unasked. */
  stoppedByServer = false;

  /** Set when the candidate closes the thank-you page: the dashboard's load re-sends what is kept. */
  closedByCandidate = false;

  /** The server has stopped and scored the attempt: no more saves, clock or submission here. */
  stopByServer() {
    this.stoppedByServer = true;
    this.submitting = true;
    this.dispose();
  }

  dispose() {
    if (this.ticker) clearInterval(this.ticker);
    if (this.resender) clearInterval(this.resender);
    this.queue.stop();
    this.ticker = null;
    this.resender = null;
  }

  /** The link is back: drain the save queue and ask for the server's clock, or send a failed submission again. */
  override onOnline() {
    super.onOnline();
    void this.resync();
    void this.resend();
  }

  /**
   * The page may have missed time (it was hidden, asleep, frozen or offline): the server's copy
   * of the attempt sets the countdown again, a closed attempt ends here as it ended there, and
   * answers saved meanwhile by another tab of the attempt replace this page's older ones (its
   * next change numbers above them, so the last change made wins).
   */
  async resync() {
    if (this.state.phase !== 'questions' || this.submitting || this.syncing) return;
    this.syncing = true;
    try {
      const saved = await fetchSavedTest(this.examId);
      if (!saved || this.submitting || this.state.phase !== 'questions') return;
      if (saved.status !== EXAM_STATUS.inProgress) {
        void this.closed(saved.status);
        return;
      }
      this.queue.raise(saved.maxSeq);
      this.countdown.set(saved.time_remaining);
      const pending = new Set(this.queue.ids());
      const items = withServerAnswers(this.state.items, saved.answers, pending, (q) =>
        isAnswered({ ...q, blankCount: blankCount(q) }),
      );
      this.set({ items, remaining: this.countdown.remaining() });
      this.persist();
      if (saved.time_remaining <= 0) void this.timeOut();
    } catch {
      /* not reached: the countdown goes on and the next save or resync sets it */
    } finally {
      this.syncing = false;
    }
  }

  private tick() {
    if (this.state.phase !== 'questions' || this.submitting) return;
    const mono = performance.now();
    const wall = Date.now();
    const late =
      this.lastTick.mono > 0 && (mono - this.lastTick.mono > TICK_GAP_MS || wall - this.lastTick.wall > TICK_GAP_MS);
    this.lastTick = { mono, wall };
    if (late) void this.resync();
    const remaining = this.countdown.remaining();
    this.set({ remaining, items: withSecondSpent(this.state.items, this.state.index) });
    if (++this.ticks % 5 === 0) this.persist();
    if (remaining <= 60 && remaining > 0 && !this.warnedOneMinute) {
      this.warnedOneMinute = true;
      if (!oneMinuteShown(this.examId)) {
        markOneMinuteShown(this.examId);
        this.set({ modal: { kind: 'one-minute' } });
      }
    }
    // After a late tick the resync asks the server and times out if its clock says so.
    if (remaining <= 0 && !late) void this.confirmTimeUp();
  }

  /**
   * The countdown reached zero: the server's clock decides (ADR 0231). A page whose clock ran
   * ahead of the server's (a device clock adjusted, a clock faked in the page) goes on with the
   * server's time; an attempt the server closed ends as it ended there. Only when the server
   * cannot answer within ZERO_CHECK_MS does the page's own zero end the test (the submission is
   * then kept and sent later, and the server decides again).
   */
  private async confirmTimeUp() {
    if (this.checkingZero || this.submitting || this.state.submission) return;
    this.checkingZero = true;
    try {
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), ZERO_CHECK_MS));
      const saved = await Promise.race([fetchSavedTest(this.examId).catch(() => null), late]);
      if (this.submitting || this.state.submission) return;
      if (saved && saved.status !== EXAM_STATUS.inProgress) return void (await this.closed(saved.status));
      if (saved && saved.time_remaining > 0) {
        this.countdown.set(saved.time_remaining);
        this.set({ remaining: this.countdown.remaining() });
        return;
      }
      await this.timeOut();
    } finally {
      this.checkingZero = false;
    }
  }

  /** A window switch while the test runs (spec: Window-switch proctoring). */
  onWindowBlur() {
    const { detail, phase, filePickerOpen } = this.state;
    if (!detail || phase !== 'questions' || this.submitting || filePickerOpen) return;
    if (detail.webproctoringcount === null || detail.webproctoringcount === undefined) return;
    const count = ++this.windowSwitches;
    const limit = detail.webproctoringcount;
    const verdict = windowSwitchVerdict(limit, count, detail.webproctoringzero);
    this.set({ modal: { kind: 'window', verdict, count, limit } });
    const cur = this.state.items[this.state.index];
    if (verdict === 'violation') {
      void this.submit('111', 'window_switch');
    } else if (cur) {
      // The count goes to the server at once, with the current question (a save needs one).
      this.queue.sendNow(cur.qid);
      this.persist();
    }
  }

  requestFinish() {
    this.set({ modal: { kind: 'finish' } });
  }

  closeModal() {
    this.set({ modal: null });
  }

  protected async timeOut() {
    if (this.submitting || this.state.submission) return;
    this.set({ timeUp: true, remaining: 0, modal: null });
    await this.submit('011');
  }

  protected async closedElsewhere() {
    if (this.submitting || this.state.submission) return;
    this.submitting = true;
    if (this.ticker) clearInterval(this.ticker);
    this.queue.stop();
    await showClosedAttempt((patch) => this.set(patch), this.examId);
  }

  /**
   * Runs before a finish (010): the proctoring panel sends the checks it still keeps. Returns the
   * function that removes it.
   */
  beforeFinish(hook: () => Promise<void>): () => void {
    this.finishHooks.add(hook);
    return () => this.finishHooks.delete(hook);
  }

  /**
   * A finish with time to spare first lets the proctoring panel send its kept checks, for at most
   * KEPT_CHECKS_MS (ADR 0239). A time-out or a stop does not wait: the answers go first.
   */
  private async beforeFinishing(trigger: '010' | '011' | '111') {
    if (trigger !== '010' || !this.finishHooks.size || this.state.phase !== 'questions') return;
    if (this.countdown.remaining() * 1000 < 2 * KEPT_CHECKS_MS) return;
    const hooks = Promise.allSettled([...this.finishHooks].map((hook) => hook()));
    await Promise.race([hooks, new Promise((resolve) => setTimeout(resolve, KEPT_CHECKS_MS))]);
  }

  /** The seven-step submission; the shell shows its outcome. */
  async submit(trigger: '010' | '011' | '111', abortReason?: string) {
    const { detail } = this.state;
    if (!detail || this.submitting) return;
    this.submitting = true;
    if (this.ticker) clearInterval(this.ticker);
    this.queue.stop();
    this.set({
      submission: { state: 'processing', trigger, evaluation: null, resultStatus: null },
      modal: trigger === '111' ? this.state.modal : null,
    });
    await this.beforeFinishing(trigger);
    const { items } = this.state;
    const remaining = this.state.phase === 'questions' ? this.countdown.remaining() : null;
    await completeSubmission((patch) => this.set(patch), {
      examId: this.examId,
      trigger,
      detail,
      items,
      remaining: trigger === '011' ? 0 : remaining,
      windowSwitches: this.totalSwitches(),
      abortReason,
    });
    if (this.state.submission?.state === 'failed' && !this.resender)
      this.resender = setInterval(() => void this.resend(), RESEND_MS);
  }

  /** A failed submission (kept under test-submit-{id}) sent again; the page shows the outcome. */
  private async resend() {
    const { submission, detail } = this.state;
    if (submission?.state !== 'failed' || !detail || this.resending) return;
    this.resending = true;
    try {
      if (await resendSubmission((patch) => this.set(patch), this.examId, submission.trigger, detail)) {
        if (this.resender) clearInterval(this.resender);
        this.resender = null;
      }
    } finally {
      this.resending = false;
    }
  }

  /** Low-bandwidth Close: the attempt goes back to 998 (retest call). */
  retestAndLeave() {
    return retestAttempt(this.examId);
  }
}
