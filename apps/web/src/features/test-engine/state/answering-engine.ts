import {
  ADAPTIVE_EXAM_TYPE,
  BUTTON_STYLE,
  EXAM_STATUS,
  answerOf,
  type AnswerValue,
  type QuestionItem,
} from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { nextQuestion, saveChanges } from '../api/test-calls.ts';
import { answerPatch, reviewPatch } from './answer-rules.ts';
import { EngineStore } from './engine-store.ts';
import { writeLocalCopy } from './local-copy.ts';
import { MonotonicCountdown } from './monotonic-timer.ts';
import { SaveQueue, closedStatus } from './save-queue.ts';

/**
 * The running test's answers and navigation: every change is numbered, written to the local copy
 * at once and queued to be sent (save-queue.ts); moving between questions marks them visited.
 * TestEngine adds the attempt's life around it (load, start, clock, window switches, submission).
 */
export abstract class AnsweringEngine extends EngineStore {
  /** Window switches since this page loaded the attempt (the verdicts count these). */
  protected windowSwitches = 0;
  /** Switches the server had already recorded when the attempt was loaded. */
  protected switchesBefore = 0;
  /**
   * The attempt's switches in all, as the server is told: its limit was already reduced by the
   * earlier ones, so a reload does not start the count again.
   */
  protected totalSwitches = () => this.switchesBefore + this.windowSwitches;
  protected countdown = new MonotonicCountdown();
  protected queue = new SaveQueue({
    changeOf: (qid) => {
      const q = this.state.items.find((x) => x.qid === qid);
      return q && { qid, seq: q.seq ?? 0, answer: answerOf(q) };
    },
    send: (changes, keepalive, offline) => saveChanges(this.examId, changes, this.totalSwitches(), keepalive, offline),
    canSend: () => !this.submitting,
    onSaved: (timeRemaining) => {
      this.countdown.set(timeRemaining);
      this.set({ online: true, sessionExpired: false, pendingCount: this.queue.size });
      this.persist();
    },
    onFailed: (online, status) => this.set(status === 401 ? { online, sessionExpired: true } : { online }),
    onClosed: (examStatus) => void this.closed(examStatus),
  });
  protected submitting = false;

  constructor(readonly examId: number) {
    super();
  }

  /** Time is up (the server said 409, or the clock ran out): submit. */
  protected abstract timeOut(): Promise<void>;
  /** The attempt was submitted or ended elsewhere (another tab): fetch its outcome, no "Time's up!". */
  protected abstract closedElsewhere(): Promise<void>;

  /** A 409: time out only when the server says so (or says nothing more). */
  protected closed(examStatus: string | undefined) {
    return !examStatus || examStatus === EXAM_STATUS.timeOut || examStatus === EXAM_STATUS.inProgress
      ? this.timeOut()
      : this.closedElsewhere();
  }

  protected persist() {
    const { detail, items } = this.state;
    if (!detail) return;
    writeLocalCopy(this.examId, {
      examDetail: { ...detail, time_remaining: this.state.remaining },
      quesData: items,
      seq: this.queue.seq,
      pending: this.queue.ids(),
      windowSwitches: this.totalSwitches(),
      savedAt: Date.now(),
    });
  }

  /**
   * Answers are taken while the questions are open and the countdown shows time: at its zero the
   * page waits for the server's word and takes no more (ADR 0231).
   */
  private answering() {
    return this.state.phase === 'questions' && !this.submitting && this.countdown.remaining() > 0;
  }

  /** A change of one question: numbered, written locally at once, queued to be sent. */
  private update(qid: number, patch: Partial<QuestionItem>) {
    const items = this.state.items.map((q) => (q.qid === qid ? { ...q, ...patch, seq: this.queue.nextSeq() } : q));
    this.queue.add(qid);
    this.set({ items, pendingCount: this.queue.size });
    this.persist();
    this.queue.schedule();
  }

  /** An answer change: written locally at once, sent within SAVE_DELAY_MS when online. */
  answer(qid: number, patch: Partial<AnswerValue>) {
    if (!this.answering()) return;
    const q = this.state.items.find((x) => x.qid === qid);
    if (q) this.update(qid, answerPatch(q, patch));
  }

  /** Mark / unmark the current question for review: saved with the answers like any change. */
  toggleReview() {
    if (!this.answering()) return;
    const q = this.state.items[this.state.index];
    if (q) this.update(q.qid, reviewPatch(q));
  }

  protected visit(index: number) {
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

  /** Adaptive tests: the server takes the answer and picks the next question (or ends). */
  private async nextAdaptive() {
    const cur = this.state.items[this.state.index];
    if (!cur || this.state.adaptiveDone) return;
    this.set({ busy: true });
    try {
      const res = await nextQuestion(this.examId, cur.qid, cur.seq ?? 0, answerOf(cur));
      this.queue.remove(cur.qid);
      this.countdown.set(res.time_remaining);
      const q = res.done ? null : res.question;
      if (!q) {
        this.set({ busy: false, adaptiveDone: true, modal: { kind: 'last-question' }, pendingCount: this.queue.size });
        return;
      }
      const items = this.state.items.some((x) => x.qid === q.qid) ? this.state.items : [...this.state.items, q];
      this.set({ busy: false, items, pendingCount: this.queue.size });
      this.visit(items.findIndex((x) => x.qid === q.qid));
      this.persist();
    } catch (e) {
      this.set({ busy: false });
      if (e instanceof ApiError && e.status === 409) void this.closed(closedStatus(e));
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

  /** Leaving the page: send what is pending with keepalive. */
  saveOnLeave() {
    this.persist();
    if (this.queue.size && !this.submitting) void this.queue.flush(true);
  }
}
