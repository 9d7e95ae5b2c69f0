import { CheckScheduler, PHOTO_MAX_RUNS, RETAKE_DELAY_MS, photoSchedule, speakerSchedule } from './check-scheduler.ts';
import { RetryQueue, type SendResult } from './retry-queue.ts';
import {
  audioDialogFor,
  moreSevere,
  photoDialogFor,
  type AudioVerdict,
  type MonitorDialog,
  type MonitorSettings,
  type PhotoVerdict,
} from './warning-levels.ts';

/** A call's outcome as the monitor sees it: a verdict, retry later, or refused for good. */
export type CallResult<V> = { verdict: V } | { retry: true; afterMs?: number } | { refused: true };

/** The browser and the server, injected (the panel passes the real ones, the tests fakes). */
export interface MonitorDeps {
  settings: MonitorSettings;
  /** A JPEG (0.8) data URL of the camera now, or null when the camera gives no picture. */
  capture(): Promise<string | null>;
  /**
   * `checkId` names the picture; a retry sends the same, so the server judges it once (ADR 0237).
   * `takenAgoMs`: how long ago it was taken, so a picture kept through an outage counts as the
   * run it was (ADR 0239).
   */
  photoCheck(image: string, checkId: string, takenAgoMs: number): Promise<CallResult<PhotoVerdict>>;
  /** A 15-second sample (Opus in webm/ogg), or null when recording failed. */
  recordSample?(): Promise<Blob | null>;
  audioCheck?(sample: Blob, checkId: string): Promise<CallResult<AudioVerdict>>;
  /** Fire-and-forget device log (audioLogs / videoLogs). */
  log(channel: 'audio' | 'video', event: string, detail?: string): void;
  /** Tries to get the camera back after it stopped; true when it works again. */
  restartCamera(): Promise<boolean>;
  /** The attempt is over (the server stopped it): leave for the dashboard. */
  leave(): void;
  /** The server stopped the attempt: the engine stops saving at once. */
  onStopped(): void;
}

/** A picture or sample, the name it keeps through its retries and when it was taken (performance.now()). */
interface Named<T> {
  item: T;
  checkId: string;
  takenAt: number;
}

const named = <T>(item: T): Named<T> => ({ item, checkId: newCheckId(), takenAt: performance.now() });

/**
 * A random name for one check (ADR 0237): 128 bits from getRandomValues, which plain-http pages
 * have too (crypto.randomUUID needs a secure context).
 */
function newCheckId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface MonitorState {
  dialog: MonitorDialog | null;
}

const toSend = <V>(r: CallResult<V>, onVerdict: (v: V) => void): SendResult => {
  if ('verdict' in r) {
    onVerdict(r.verdict);
    return { retry: false };
  }
  if ('retry' in r) return { retry: true, afterMs: r.afterMs };
  return { retry: false };
};

/**
 * In-test proctoring: the periodic photo check and the speaker check on the spec's schedules.
 * The server's reply decides the outcome, the warning count and the stop; this shows the dialog
 * for it, pauses the checks until it is confirmed, and keeps pictures a busy server or a lost link
 * could not check (retried with back-off; no warning for a check that could not run).
 */
export class ProctoringMonitor {
  private state: MonitorState = { dialog: null };
  private listeners = new Set<() => void>();
  private photos: RetryQueue<Named<string>>;
  private samples: RetryQueue<Named<Blob>>;
  /** null when monitoring is off: a speaker check alone (speaker_dialect) takes no pictures */
  readonly photoTimer: CheckScheduler | null;
  readonly speakerTimer: CheckScheduler | null;
  private stopped = false;
  private disposed = false;
  /** When the browser said the link went down (performance.now()), until it says it is back. */
  private offlineSince: number | null = null;

  constructor(private readonly deps: MonitorDeps) {
    const s = deps.settings;
    this.photos = new RetryQueue(
      async (p) =>
        toSend(await deps.photoCheck(p.item, p.checkId, Math.round(performance.now() - p.takenAt)), (v) =>
          this.onPhoto(v),
        ),
      // a page takes at most PHOTO_MAX_RUNS pictures, so an outage over all of them loses none: they
      // count as their runs when the link returns (ADR 0239)
      PHOTO_MAX_RUNS,
      () => deps.log('video', 'picture_dropped', 'retry queue full'),
    );
    this.samples = new RetryQueue(async (s) => {
      const check = deps.audioCheck;
      return check ? toSend(await check(s.item, s.checkId), (v) => this.onAudio(v)) : { retry: false };
    }, 2);
    this.photoTimer = s.monitoring
      ? new CheckScheduler(photoSchedule(s.photo_timer), () => this.photoRun(), PHOTO_MAX_RUNS)
      : null;
    this.speakerTimer =
      s.speaker_dialect && deps.recordSample
        ? new CheckScheduler(speakerSchedule(s.photo_timer), () => this.speakerRun())
        : null;
  }

  get = () => this.state;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  start() {
    this.photoTimer?.start();
    this.speakerTimer?.start();
    globalThis.addEventListener?.('online', this.online);
    globalThis.addEventListener?.('offline', this.offline);
  }

  private offline = () => {
    this.offlineSince ??= performance.now();
  };

  /**
   * The link is back: kept pictures and samples go now. The back-off reached while offline (up to
   * 60 s) would otherwise hold them that long after the link returned (slow-link walk, ADR 0237).
   */
  private online = () => {
    // The gap support may read over this silence says only that nothing came; the browser's own
    // report says the link was down, and for how long (ADR 0239). Sent once the link is back, as
    // an event name (link_lost:41s): the timeline takes no prose from the browser (ADR 0227).
    if (this.offlineSince !== null) {
      const seconds = Math.round((performance.now() - this.offlineSince) / 1000);
      this.offlineSince = null;
      this.deps.log('video', `link_lost:${seconds}s`);
    }
    void this.photos.retryNow();
    void this.samples.retryNow();
  };

  /**
   * The candidate finishes: no new check starts, and pictures and samples still kept (a busy
   * server, a link that just came back) go now, while the server still takes them. Resolves when
   * they were sent, or a send failed; the engine bounds the wait.
   */
  async flush(): Promise<void> {
    this.stopChecks();
    await Promise.all([this.photos.flush(), this.samples.flush()]);
  }

  /** The test is being submitted: no new check starts; what is kept may still go (flush). */
  stopChecks() {
    this.photoTimer?.stop();
    this.speakerTimer?.stop();
  }

  dispose() {
    this.disposed = true;
    globalThis.removeEventListener?.('online', this.online);
    globalThis.removeEventListener?.('offline', this.offline);
    this.photoTimer?.stop();
    this.speakerTimer?.stop();
    this.photos.close();
    this.samples.close();
  }

  /** The camera's track ended mid-test: the camera warning, never a silent pass. */
  cameraStopped() {
    if (this.stopped) return;
    this.deps.log('video', 'camera_stopped');
    this.photoTimer?.pause();
    this.show({ kind: 'camera' });
  }

  /** Ok / Close of the open dialog. */
  async confirm() {
    const d = this.state.dialog;
    if (!d) return;
    this.set({ dialog: null });
    if (d.kind !== 'camera' && d.level === 'violation') {
      this.deps.leave();
      return;
    }
    if (d.kind === 'camera') {
      if (await this.deps.restartCamera()) this.photoTimer?.resume();
      else this.cameraStopped();
    } else if (d.kind === 'audio') {
      this.speakerTimer?.resume();
    } else if (d.level === 'image') {
      this.photoTimer?.retakeAfter(RETAKE_DELAY_MS);
    } else {
      this.photoTimer?.resume();
    }
  }

  private set(patch: Partial<MonitorState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  private show(d: MonitorDialog) {
    this.set({ dialog: moreSevere(this.state.dialog, d) });
  }

  private async photoRun() {
    if (this.stopped) return;
    const img = await this.deps.capture();
    // the attempt may have ended, or the test page closed, while a slow camera was waited for
    if (this.stopped || this.disposed) return;
    if (!img) {
      this.cameraStopped();
      return;
    }
    await this.photos.push(named(img));
  }

  private async speakerRun() {
    if (this.stopped || !this.deps.recordSample) return;
    const sample = await this.deps.recordSample();
    if (!sample) {
      this.deps.log('audio', 'recording_failed');
      return;
    }
    await this.samples.push(named(sample));
  }

  private onPhoto(v: PhotoVerdict) {
    if (this.stopped) return;
    const d = photoDialogFor(v, this.deps.settings);
    if (!d) return;
    this.photoTimer?.pause();
    if (v.stopped) this.stop();
    this.show(d);
  }

  private onAudio(v: AudioVerdict) {
    if (this.stopped) return;
    const d = audioDialogFor(v, this.deps.settings);
    if (!d) return;
    this.speakerTimer?.pause();
    if (v.stopped) this.stop();
    this.show(d);
  }

  /** The server stopped the attempt: no more checks, the engine stops saving. */
  private stop() {
    this.stopped = true;
    globalThis.removeEventListener?.('online', this.online);
    globalThis.removeEventListener?.('offline', this.offline);
    this.photoTimer?.stop();
    this.speakerTimer?.stop();
    this.photos.close();
    this.samples.close();
    this.deps.onStopped();
  }
}
