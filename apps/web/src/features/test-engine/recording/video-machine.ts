import { VIDEO, type WarningType } from '@invigil/contracts';

/**
 * The video interview (spec: Video question flow): Start needs a camera and a microphone
 * (noMediaDevice), then a confirmation and a 3-second countdown; the recording stops by itself at
 * 4:00; on stop the browser checks what it can (empty, length, audio) and uploads; the server
 * checks faces and identity. Saved is final: Start stays disabled.
 */
export type VideoState =
  | { phase: 'idle' }
  | { phase: 'devices' }
  | { phase: 'confirm' }
  | { phase: 'countdown'; n: number }
  | { phase: 'recording' }
  | { phase: 'stopped' }
  | { phase: 'uploading' }
  | { phase: 'saved' }
  | { phase: 'failed'; warning: WarningType };

export type VideoEvent =
  | { type: 'start' }
  | { type: 'devices'; ok: boolean }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'tick' }
  | { type: 'stop' }
  | { type: 'checked'; problem: WarningType | null }
  | { type: 'saved' }
  | { type: 'refused'; warning: WarningType }
  /** Retry (the dialog's) or Retry Recording: back to idle, the recording dropped */
  | { type: 'retry' }
  | { type: 'resumeUpload' };

export const VIDEO_IDLE: VideoState = { phase: 'idle' };

export function videoReducer(s: VideoState, e: VideoEvent): VideoState {
  switch (e.type) {
    case 'start':
      return s.phase === 'idle' || s.phase === 'failed' ? { phase: 'devices' } : s;
    case 'devices':
      if (s.phase !== 'devices') return s;
      return e.ok ? { phase: 'confirm' } : { phase: 'failed', warning: 'noMediaDevice' };
    case 'confirm':
      return s.phase === 'confirm' ? { phase: 'countdown', n: VIDEO.countdownSeconds } : s;
    case 'cancel':
      return s.phase === 'confirm' ? VIDEO_IDLE : s;
    case 'tick':
      if (s.phase !== 'countdown') return s;
      return s.n > 1 ? { phase: 'countdown', n: s.n - 1 } : { phase: 'recording' };
    case 'stop':
      return s.phase === 'recording' ? { phase: 'stopped' } : s;
    case 'checked':
      if (s.phase !== 'stopped') return s;
      return e.problem ? { phase: 'failed', warning: e.problem } : { phase: 'uploading' };
    case 'saved':
      return s.phase === 'uploading' ? { phase: 'saved' } : s;
    case 'refused':
      return s.phase === 'saved' ? s : { phase: 'failed', warning: e.warning };
    case 'retry':
      return s.phase === 'saved' || s.phase === 'uploading' ? s : VIDEO_IDLE;
    case 'resumeUpload':
      return s.phase === 'idle' ? { phase: 'uploading' } : s;
  }
}

/** Spec: Start is disabled while uploading, once a video is saved, or when the question is disabled. */
export const canStartVideo = (s: VideoState, disabled: boolean) =>
  !disabled && (s.phase === 'idle' || s.phase === 'failed');

/** Camera and recorder are on (navigation waits). */
export const videoBusy = (s: VideoState) =>
  s.phase === 'devices' ||
  s.phase === 'confirm' ||
  s.phase === 'countdown' ||
  s.phase === 'recording' ||
  s.phase === 'stopped';

/** Auto-stop at 4:00. */
export const shouldAutoStop = (elapsedSeconds: number) => elapsedSeconds >= VIDEO.maxSeconds;
