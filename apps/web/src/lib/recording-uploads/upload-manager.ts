import type { RecordedAnswerFields, WarningType } from '@invigil/contracts';
import type { PendingRecording, PendingStore } from './pending-store.ts';

/** What a recording's upload is doing now, by question. */
export type UploadStatus =
  | { state: 'uploading'; sent: number; total: number; online: boolean; checking: boolean }
  | { state: 'failed'; warning: WarningType };

/** The server refused the recording for good: the warning dialog, and nothing kept. */
export class Refused extends Error {
  constructor(
    readonly warning: WarningType,
    message: string,
  ) {
    super(message);
  }
}
/** The tus upload is gone on the server (expired, swept): send the recording again from its first byte. */
export class UploadGone extends Error {}
/** The test is over (submitted, timed out, stopped): the recording can no longer answer. */
export class TestEnded extends Error {}

export interface UploadTransport {
  /** tus: resolves with the finished upload's id; onUrl once the server created it (to resume by). */
  send(
    r: PendingRecording,
    onProgress: (sent: number, total: number) => void,
    onUrl: (url: string) => void,
  ): Promise<string>;
  /** uploadaudio / uploadvideo on the finished upload: the answer's fields. */
  accept(r: PendingRecording, uploadId: string): Promise<RecordedAnswerFields>;
}

/** How a recording's upload ended: kept by the server, refused for good (its checks), or too late (the test over). */
export type UploadOutcome = 'kept' | 'refused' | 'ended';

/** The default outcome log (the browser console): a recording dropped from the browser is never silent. */
function logOutcome(r: PendingRecording, outcome: UploadOutcome, detail: string) {
  if (outcome === 'kept') console.info('recording kept', r.key);
  else console.warn(`recording ${outcome}: removed from this browser`, r.key, detail);
}

/** Waits `ms`, or less when the link comes back. */
export type Waiter = (ms: number) => Promise<void>;

const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * The uploads of an attempt's recordings: each pending recording (IndexedDB) is sent with tus
 * until the server has every byte and has checked it. A dropped link is waited out and the upload
 * resumed from the server's offset; a reload or a new browser session resumes what is pending; a
 * refusal ends it with its warning. The answer counts only once the server confirmed it.
 */
export class UploadManager {
  private readonly statuses = new Map<number, UploadStatus>();
  private readonly running = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** Changes with every status change (React's external-store snapshot). */
  version = 0;
  /** The engine takes the server's answer fields (set by the host). */
  onSaved: (qid: number, fields: RecordedAnswerFields) => void = () => undefined;
  /** Every upload's end, whoever started it (the engine or an app load's resume). */
  onOutcome: (r: PendingRecording, outcome: UploadOutcome, detail: string) => void = logOutcome;

  constructor(
    private readonly store: PendingStore,
    private readonly transport: UploadTransport,
    private readonly wait: Waiter,
    private readonly isOnline: () => boolean = () => true,
    /** the signed-in user ('' when none), stamped on each new recording; undefined: not known */
    private readonly owner: () => string | undefined = () => undefined,
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  private emit() {
    this.version++;
    for (const fn of this.listeners) fn();
  }
  private set(qid: number, s: UploadStatus | null) {
    if (s) this.statuses.set(qid, s);
    else this.statuses.delete(qid);
    this.emit();
  }

  status(qid: number): UploadStatus | null {
    return this.statuses.get(qid) ?? null;
  }

  /** Questions whose recording is being sent or checked now. */
  uploading(): number[] {
    return [...this.statuses].filter(([, s]) => s.state === 'uploading').map(([q]) => q);
  }

  failures(): Array<{ qid: number; warning: WarningType }> {
    return [...this.statuses].flatMap(([qid, s]) => (s.state === 'failed' ? [{ qid, warning: s.warning }] : []));
  }

  /** The warning was shown and Retry pressed: the question may record again. */
  dismiss(qid: number) {
    if (this.statuses.get(qid)?.state === 'failed') this.set(qid, null);
  }

  /** The browser's own checks refused a recording before upload: its warning, as a server refusal's. */
  fail(qid: number, warning: WarningType) {
    this.set(qid, { state: 'failed', warning });
  }

  /** A new recording: kept first, then sent. */
  async add(r: PendingRecording) {
    r.userId ??= this.owner();
    this.set(r.qid, { state: 'uploading', sent: 0, total: r.blob.size, online: this.isOnline(), checking: false });
    await this.store.put(r);
    void this.run(r);
  }

  /** What an earlier page (or browser session) left unsent for this attempt: sent now. */
  async resume(userExamId: number): Promise<number> {
    const pending = (await this.store.all()).filter((r) => r.userExamId === userExamId);
    for (const r of pending) void this.run(r);
    return pending.length;
  }

  /** Sends one pending recording (no-op while it is already being sent); settles when it ended for good. */
  async run(r: PendingRecording): Promise<void> {
    if (this.running.has(r.key)) return;
    this.running.add(r.key);
    let attempt = 0;
    const progress = (sent: number, total: number, checking = false) =>
      this.set(r.qid, { state: 'uploading', sent, total, online: this.isOnline(), checking });
    try {
      for (;;) {
        // A shared machine: once its owner is no longer signed in on this page (logged out, another
        // user signed in), it waits in the store for their next sign-in (ADR 0232).
        const signedIn = this.owner();
        if (r.userId && signedIn !== undefined && r.userId !== signedIn) {
          this.set(r.qid, null);
          return;
        }
        progress(0, r.blob.size);
        try {
          const id = await this.transport.send(
            r,
            (sent, total) => progress(sent, total),
            (url) => {
              r.uploadUrl = url;
              void this.store.put(r);
            },
          );
          progress(r.blob.size, r.blob.size, true);
          const fields = await this.transport.accept(r, id);
          await this.store.delete(r.key);
          this.set(r.qid, null);
          this.onSaved(r.qid, fields);
          this.onOutcome(r, 'kept', '');
          return;
        } catch (e) {
          if (e instanceof Refused) {
            await this.store.delete(r.key);
            this.set(r.qid, { state: 'failed', warning: e.warning });
            this.onOutcome(r, 'refused', `${e.warning}: ${e.message}`);
            return;
          }
          if (e instanceof TestEnded) {
            await this.store.delete(r.key);
            this.set(r.qid, null);
            this.onOutcome(r, 'ended', e.message);
            return;
          }
          if (e instanceof UploadGone) {
            delete r.uploadUrl;
            await this.store.put(r);
            continue;
          }
          // The link, the server or the session: kept, tried again (sooner when the link returns).
          const s = this.statuses.get(r.qid);
          if (s?.state === 'uploading') this.set(r.qid, { ...s, online: false, checking: false });
          await this.wait(backoffMs(attempt++));
        }
      }
    } finally {
      this.running.delete(r.key);
    }
  }
}
