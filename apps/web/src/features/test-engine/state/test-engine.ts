import {
  ADAPTIVE_EXAM_TYPE,
  BUTTON_STYLE,
  EXAM_STATUS,
  answerOf,
  buttonStyleAfterChange,
  isAnswered,
  toggleReviewStyle,
  windowSwitchVerdict,
  type AnswerValue,
  type QuestionItem,
} from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  fetchResultStatus,
  fetchUserTest,
  nextQuestion,
  resumeExam,
  retest,
  saveChanges,
  startExam,
} from '../api/test-calls.ts';
import { initialState, type EngineState } from './engine-types.ts';
import { clearLocalCopy, mergeCopies, readLocalCopy, writeLocalCopy } from './local-copy.ts';
import { MonotonicCountdown } from './monotonic-timer.ts';
import { SaveQueue } from './save-queue.ts';
import { runSubmission } from './submit-pipeline.ts';

export const blankCount = (q: QuestionItem) => (q.blanks ? Object.keys(q.blanks).length : undefined);

/**
 * The test engine's state and rules, outside React: local-storage-first answers, a save queue
 * that drains in order when the link returns, the server's clock, window switches, submission.
 */
export class TestEngine {
  private state: EngineState = initialState;
  private listeners = new Set<() => void>();
  private windowSwitches = 0;
  private countdown = new MonotonicCountdown();
  private queue = new SaveQueue({
    changeOf: (qid) => {
      const q = this.state.items.find((x) => x.qid === qid);
      return q && { qid, seq: q.seq ?? 0, answer: answerOf(q) };
    },
    send: (changes, keepalive) => saveChanges(this.examId, changes, this.windowSwitches, keepalive),
    canSend: () => !this.submitting,
    onSaved: (timeRemaining) => {
      this.countdown.set(timeRemaining);
      this.set({ online: true, pendingCount: this.queue.size });
      this.persist();
    },
    onFailed: (online) => this.set({ online }),
    onClosed: () => void this.timeOut(),
  });
  private ticker: ReturnType<typeof setInterval> | null = null;
  private warnedOneMinute = false;
  private submitting = false;
  private ticks = 0;

  constructor(
    readonly examId: number,
    private readonly language: string,
  ) {}

  get = () => this.state;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  private set(patch: Partial<EngineState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }
  setFlag(patch: Pick<Partial<EngineState>, 'filePickerOpen' | 'recording' | 'blurred' | 'modal'>) {
    this.set(patch);
  }

  get isSurvey() {
    return this.state.detail?.test_type === 7 || this.state.detail?.test_type === 8;
  }

  async load() {
    try {
      const { detail, items } = await fetchUserTest(this.examId, this.language);
      const copy = readLocalCopy(this.examId);
      const usable = copy && detail.status === EXAM_STATUS.inProgress ? copy : null;
      const merged = mergeCopies(items, usable?.quesData);
      this.queue.restore(Math.max(merged.seq, usable?.seq ?? 0), [
        ...merged.pending,
        ...(usable?.pending ?? []).filter((id) => merged.items.some((q) => q.qid === id)),
      ]);
      this.windowSwitches = 0;
      const firstOpen = Math.max(
        0,
        merged.items.findIndex((q) => q.buttonStyle === BUTTON_STYLE.notVisited),
      );
      this.set({
        phase: 'instructions',
        detail,
        items: merged.items,
        index: detail.status === EXAM_STATUS.inProgress ? firstOpen : 0,
        remaining: detail.time_remaining,
        pendingCount: this.queue.size,
      });
    } catch (e) {
      this.set({ phase: 'failed', error: e instanceof ApiError && e.status > 0 ? e.message : null });
    }
  }

  /** Start (000/998 to 001) or Resume (sends the local copy; newer answers win on the server). */
  async begin() {
    const { detail, items } = this.state;
    if (!detail) return;
    this.set({ busy: true });
    try {
      const started =
        detail.status === EXAM_STATUS.inProgress
          ? await resumeExam(this.examId, detail, items)
          : await startExam(this.examId, this.language);
      this.countdown.set(started.time_remaining);
      this.set({
        phase: 'questions',
        busy: false,
        remaining: started.time_remaining,
        detail: { ...detail, status: started.status, time_remaining: started.time_remaining },
      });
      this.visit(this.state.index);
      this.ticker = setInterval(() => this.tick(), 1000);
      if (this.queue.size) this.queue.schedule();
    } catch (e) {
      this.set({ busy: false, phase: 'failed', error: e instanceof ApiError && e.status > 0 ? e.message : null });
    }
  }

  dispose() {
    if (this.ticker) clearInterval(this.ticker);
    this.queue.stop();
    this.ticker = null;
  }

  private tick() {
    if (this.state.phase !== 'questions' || this.submitting) return;
    const remaining = this.countdown.remaining();
    const items = [...this.state.items];
    const cur = items[this.state.index];
    if (cur) items[this.state.index] = { ...cur, timeSpend: (cur.timeSpend ?? 0) + 1 };
    this.set({ remaining, items });
    if (++this.ticks % 5 === 0) this.persist();
    if (remaining <= 60 && remaining > 0 && !this.warnedOneMinute) {
      this.warnedOneMinute = true;
      this.set({ modal: { kind: 'one-minute' } });
    }
    if (remaining <= 0) void this.timeOut();
  }

  private persist() {
    const { detail, items } = this.state;
    if (!detail) return;
    writeLocalCopy(this.examId, {
      examDetail: { ...detail, time_remaining: this.state.remaining },
      quesData: items,
      seq: this.queue.seq,
      pending: this.queue.ids(),
      windowSwitches: this.windowSwitches,
      savedAt: Date.now(),
    });
  }

  private update(qid: number, patch: Partial<QuestionItem>, markPending = true) {
    const items = this.state.items.map((q) => {
      if (q.qid !== qid) return q;
      const next = { ...q, ...patch };
      if (markPending) next.seq = this.queue.nextSeq();
      return next;
    });
    if (markPending) this.queue.add(qid);
    this.set({ items, pendingCount: this.queue.size });
    this.persist();
    if (markPending) this.queue.schedule();
  }

  /** An answer change: written locally at once, sent within SAVE_DELAY_MS when online. */
  answer(qid: number, patch: Partial<AnswerValue>) {
    if (this.state.phase !== 'questions' || this.submitting) return;
    const q = this.state.items.find((x) => x.qid === qid);
    if (!q) return;
    const next = { ...q, ...patch, blankCount: blankCount(q) };
    this.update(qid, { ...patch, answerStatus: isAnswered(next), buttonStyle: buttonStyleAfterChange(next) });
  }

  /** Mark / unmark the current question for review: saved with the answers like any change. */
  toggleReview() {
    if (this.state.phase !== 'questions' || this.submitting) return;
    const q = this.state.items[this.state.index];
    if (!q) return;
    this.update(q.qid, { buttonStyle: toggleReviewStyle({ ...q, blankCount: blankCount(q) }) });
  }

  private visit(index: number) {
    const q = this.state.items[index];
    this.set({ index });
    if (q && q.buttonStyle === BUTTON_STYLE.notVisited) this.update(q.qid, { buttonStyle: BUTTON_STYLE.notAnswered });
  }

  go(index: number) {
    if (index < 0 || index >= this.state.items.length) return;
    this.visit(index);
  }

  async next() {
    const { detail, items, index } = this.state;
    if (!detail) return;
    if (detail.examtypeid === ADAPTIVE_EXAM_TYPE) return this.nextAdaptive();
    if (index < items.length - 1) {
      this.visit(index + 1);
      if (index + 1 === items.length - 1) this.set({ modal: { kind: 'last-question' } });
    }
  }

  private async nextAdaptive() {
    const cur = this.state.items[this.state.index];
    if (!cur || this.state.adaptiveDone) return;
    this.set({ busy: true });
    try {
      const res = await nextQuestion(this.examId, cur.qid, cur.seq ?? 0, answerOf(cur));
      this.queue.remove(cur.qid);
      this.countdown.set(res.time_remaining);
      if (res.done || !res.question) {
        this.set({
          busy: false,
          adaptiveDone: true,
          modal: { kind: 'last-question' },
          pendingCount: this.queue.size,
        });
        return;
      }
      const q = res.question;
      const items = this.state.items.some((x) => x.qid === q.qid) ? this.state.items : [...this.state.items, q];
      this.set({ busy: false, items, pendingCount: this.queue.size });
      this.visit(items.findIndex((x) => x.qid === q.qid));
      this.persist();
    } catch (e) {
      this.set({ busy: false });
      if (e instanceof ApiError && e.status === 409) void this.timeOut();
    }
  }

  /** The link is back: drain the queue now. */
  onOnline() {
    this.set({ online: true });
    this.queue.online();
  }

  onOffline() {
    this.set({ online: false });
  }

  /** A window switch while the test runs (spec: Window-switch proctoring). */
  onWindowBlur() {
    const { detail, phase, filePickerOpen } = this.state;
    if (!detail || phase !== 'questions' || this.submitting || filePickerOpen) return;
    if (detail.webproctoringcount === null || detail.webproctoringcount === undefined) return;
    this.windowSwitches += 1;
    const limit = detail.webproctoringcount;
    const verdict = windowSwitchVerdict(limit, this.windowSwitches, detail.webproctoringzero);
    this.set({ modal: { kind: 'window', verdict, count: this.windowSwitches, limit } });
    const cur = this.state.items[this.state.index];
    if (verdict === 'violation') {
      void this.submit('111', 'window_switch');
    } else if (cur) {
      this.queue.add(cur.qid);
      this.persist();
      this.queue.schedule(0);
    }
  }

  requestFinish() {
    this.set({ modal: { kind: 'finish' } });
  }

  closeModal() {
    this.set({ modal: null });
  }

  private async timeOut() {
    if (this.submitting || this.state.submission) return;
    this.set({ timeUp: true, remaining: 0, modal: null });
    await this.submit('011');
  }

  /** The seven-step submission; the shell shows its outcome. */
  async submit(trigger: '010' | '011' | '111', abortReason?: string) {
    const { detail, items } = this.state;
    if (!detail || this.submitting) return;
    this.submitting = true;
    if (this.ticker) clearInterval(this.ticker);
    this.queue.stop();
    this.set({
      submission: { state: 'processing', trigger, evaluation: null, resultStatus: null },
      modal: trigger === '111' ? this.state.modal : null,
    });
    const remaining = this.state.phase === 'questions' ? this.countdown.remaining() : null;
    const outcome = await runSubmission({
      examId: this.examId,
      trigger,
      detail,
      items,
      remaining: trigger === '011' ? 0 : remaining,
      windowSwitches: this.windowSwitches,
      abortReason,
    });
    if (outcome.kind === 'low-bandwidth' || outcome.kind === 'retest') {
      this.set({ lowBandwidth: true, submission: null, detail: { ...detail, status: EXAM_STATUS.retest } });
      return;
    }
    if (outcome.kind === 'failed') {
      this.set({ phase: 'finished', submission: { state: 'failed', trigger, evaluation: null, resultStatus: null } });
      return;
    }
    clearLocalCopy(this.examId);
    const r = outcome.response;
    this.set({
      phase: 'finished',
      submission: { state: 'done', trigger, evaluation: r.evaluation, resultStatus: r.resultStatus },
    });
    if (!r.evaluation && detail.showscore === 1 && r.resultStatus !== 'Processed') void this.pollResult(trigger);
  }

  private async pollResult(trigger: string) {
    for (let i = 0; i < 15; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      try {
        const s = await fetchResultStatus(this.examId);
        if (s.resultStatus === 'Processed') {
          this.set({ submission: { state: 'done', trigger, evaluation: s.evaluation, resultStatus: s.resultStatus } });
          return;
        }
      } catch {
        /* keep waiting */
      }
    }
  }

  /** Low-bandwidth Close: the attempt goes back to 998 (retest call). */
  async retestAndLeave() {
    clearLocalCopy(this.examId);
    try {
      await retest(this.examId);
    } catch {
      /* the logout still happens */
    }
  }

  /** Leaving the page: send what is pending with keepalive. */
  saveOnLeave() {
    this.persist();
    if (this.queue.size && !this.submitting) void this.queue.flush(true);
  }
}
