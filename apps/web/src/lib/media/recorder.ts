/** A recording's bytes, its type and how long it ran by the browser's clock. */
export interface Recorded {
  blob: Blob;
  mimeType: string;
  seconds: number;
}

export interface RecorderOptions {
  /** preferred container/codec strings, first supported wins */
  types: readonly string[];
  audioBitsPerSecond?: number;
  videoBitsPerSecond?: number;
  /** Chrome: a key frame every this many ms (the server samples key frames) */
  keyFrameMs?: number;
  /** deliver data in slices of this length (ms) */
  sliceMs: number;
}

/** The first type this browser records, or null (no MediaRecorder, or none of them). */
function pickType(types: readonly string[]): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return types.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/**
 * MediaRecorder around a stream: start() begins at once, stop() resolves with the whole
 * recording (an empty Blob when nothing came: the spec's "empty is corrupt"). The tracks are the
 * caller's to stop.
 */
export class Recorder {
  private rec: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private started = 0;
  private done: Promise<Recorded> | null = null;
  readonly mimeType: string;

  constructor(
    private readonly stream: MediaStream,
    private readonly options: RecorderOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    const type = pickType(options.types);
    if (!type)
      throw Object.assign(new Error('Recording is not supported in this browser'), { name: 'NotSupportedError' });
    this.mimeType = type;
  }

  start() {
    const o = this.options;
    const init: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
      mimeType: this.mimeType,
      audioBitsPerSecond: o.audioBitsPerSecond,
      videoBitsPerSecond: o.videoBitsPerSecond,
    };
    if (o.keyFrameMs) init.videoKeyFrameIntervalDuration = o.keyFrameMs;
    const rec = new MediaRecorder(this.stream, init);
    this.chunks = [];
    rec.ondataavailable = (e) => {
      if (e.data.size) this.chunks.push(e.data);
    };
    this.done = new Promise((resolve) => {
      const finish = () =>
        resolve({
          blob: new Blob(this.chunks, { type: this.mimeType }),
          mimeType: this.mimeType,
          seconds: (this.now() - this.started) / 1000,
        });
      rec.onstop = finish;
      rec.onerror = finish;
    });
    this.rec = rec;
    this.started = this.now();
    rec.start(o.sliceMs);
  }

  /** Seconds since start() by the browser's clock. */
  elapsed(): number {
    return this.rec ? (this.now() - this.started) / 1000 : 0;
  }

  stop(): Promise<Recorded> {
    if (this.rec && this.rec.state !== 'inactive') this.rec.stop();
    return this.done ?? Promise.resolve({ blob: new Blob([]), mimeType: this.mimeType, seconds: 0 });
  }
}
