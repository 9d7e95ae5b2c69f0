import { recordOpus } from '../../../lib/opus-recorder.ts';
import { SPEAKER_SAMPLE_MS } from './check-scheduler.ts';

/** Spec: camera constraints 550x450 facing the user; the picture is a JPEG at 0.8. */
const VIDEO: MediaTrackConstraints = { width: 550, height: 450, facingMode: 'user' };
const JPEG_QUALITY = 0.8;

/** How long a live camera may take to give its first frame before a check calls it stopped. */
const FIRST_FRAME_MS = 5_000;

const hasFrame = (el: HTMLVideoElement) => el.readyState >= 2 && el.videoWidth > 0;

/** Resolves at the element's first frame, or after `ms`, whichever comes first. */
function firstFrame(el: HTMLVideoElement, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      el.removeEventListener('loadeddata', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    el.addEventListener('loadeddata', done);
  });
}

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/**
 * The hidden camera (and, for the speaker check, the microphone) of a monitored test. A track that
 * ends mid-test (unplugged, taken by another app, permission revoked) calls onEnded.
 */
export class MediaDevices {
  private video: MediaStream | null = null;
  private audio: MediaStream | null = null;

  constructor(
    private readonly view: () => HTMLVideoElement | null,
    private readonly onEnded: (kind: 'camera' | 'microphone') => void,
    private readonly log: (channel: 'audio' | 'video', event: string, detail?: string) => void,
  ) {}

  /** Opens the camera; true when it gives pictures. */
  async startCamera(): Promise<boolean> {
    this.stopStream(this.video);
    try {
      this.video = await navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: false });
    } catch (e) {
      this.log('video', 'camera_unavailable', errorText(e));
      return false;
    }
    for (const track of this.video.getVideoTracks()) {
      track.addEventListener('ended', () => this.onEnded('camera'));
    }
    const el = this.view();
    if (el) {
      el.srcObject = this.video;
      await el.play().catch(() => undefined);
    }
    return true;
  }

  /** Opens the microphone for the speaker check; false (logged) when it cannot. */
  async startMicrophone(): Promise<boolean> {
    try {
      this.audio = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (e) {
      this.log('audio', 'microphone_unavailable', errorText(e));
      return false;
    }
    for (const track of this.audio.getAudioTracks()) {
      track.addEventListener('ended', () => this.onEnded('microphone'));
    }
    return true;
  }

  /**
   * The camera's picture now as a JPEG data URL, or null when there is no live picture. A live
   * camera whose first frame has not arrived yet (a slow camera, a busy machine) is given up to
   * `firstFrameMs` before it counts as giving no picture.
   */
  async capture(firstFrameMs = FIRST_FRAME_MS): Promise<string | null> {
    const el = this.view();
    const live = () => !!this.video?.getVideoTracks().some((t) => t.readyState === 'live');
    if (!el || !live()) return null;
    if (!hasFrame(el)) await firstFrame(el, firstFrameMs);
    if (!live() || !hasFrame(el)) return null;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(el, 0, 0);
    return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
  }

  /** Records a 15-second Opus sample; null (logged) when recording is not possible. */
  recordSample(ms = SPEAKER_SAMPLE_MS): Promise<Blob | null> {
    const fail = (why: string) => this.log('audio', 'recording_failed', why);
    if (!this.audio) {
      fail('no live microphone');
      return Promise.resolve(null);
    }
    return recordOpus(this.audio, ms, fail)?.done ?? Promise.resolve(null);
  }

  stop() {
    this.stopStream(this.video);
    this.stopStream(this.audio);
    this.video = this.audio = null;
  }

  private stopStream(s: MediaStream | null) {
    s?.getTracks().forEach((t) => t.stop());
  }
}
