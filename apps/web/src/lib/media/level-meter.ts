/**
 * The average signal strength (RMS, 0 to 1) of a microphone while it records: the spec's "RMS
 * below 0.01 is no audio" checked in the browser before anything is uploaded (the server checks
 * again on the file it receives).
 */
export class LevelMeter {
  private ctx: AudioContext | null = null;
  private analyser: AnalyserNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sum = 0;
  private count = 0;

  constructor(private readonly everyMs = 100) {}

  start(stream: MediaStream) {
    const AC =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC || !stream.getAudioTracks().length) return;
    this.ctx = new AC();
    this.analyser = this.ctx.createAnalyser();
    this.analyser.fftSize = 2048;
    this.ctx.createMediaStreamSource(stream).connect(this.analyser);
    const buf = new Float32Array(this.analyser.fftSize);
    this.timer = setInterval(() => {
      this.analyser?.getFloatTimeDomainData(buf);
      this.add(buf);
    }, this.everyMs);
  }

  /** Adds one block of samples to the running mean of squares. */
  add(samples: Float32Array) {
    for (const v of samples) this.sum += v * v;
    this.count += samples.length;
  }

  /** RMS so far; null when nothing was measured (no audio track, no Web Audio). */
  rms(): number | null {
    return this.count ? Math.sqrt(this.sum / this.count) : null;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}
