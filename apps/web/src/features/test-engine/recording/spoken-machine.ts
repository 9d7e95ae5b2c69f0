import { SPOKEN, type WarningType } from '@invigil/contracts';

/**
 * The spoken answer (spec §4): idle → recording (the question is marked started) → stopped
 * (the browser's own checks) → uploading → answered. A failure shows its warning dialog and Retry
 * goes back to idle. Stopping before 30 s first shows the Recording Limit dialog.
 */
export type SpokenState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; limitOpen: boolean }
  | { phase: 'stopped' }
  | { phase: 'uploading' }
  | { phase: 'answered' }
  | { phase: 'failed'; warning: WarningType };

export type SpokenEvent =
  | { type: 'start' }
  | { type: 'granted' }
  | { type: 'refused'; warning: WarningType }
  | { type: 'stop'; seconds: number; force?: boolean }
  | { type: 'keepRecording' }
  | { type: 'checked'; problem: WarningType | null }
  | { type: 'saved' }
  /** Retry after a warning: back to idle, or to the saved answer when there is one (a failed re-record) */
  | { type: 'retry'; answered?: boolean }
  /** the upload of this question's recording is (still) in progress: after a reload */
  | { type: 'resumeUpload' };

export const SPOKEN_IDLE: SpokenState = { phase: 'idle' };

export function spokenReducer(s: SpokenState, e: SpokenEvent): SpokenState {
  switch (e.type) {
    case 'start':
      return s.phase === 'idle' || s.phase === 'answered' ? { phase: 'starting' } : s;
    case 'granted':
      return s.phase === 'starting' ? { phase: 'recording', limitOpen: false } : s;
    case 'refused':
      // the browser's checks, the microphone, or the server's refusal: the warning with Retry
      return s.phase === 'starting' || s.phase === 'stopped' || s.phase === 'uploading' || s.phase === 'recording'
        ? { phase: 'failed', warning: e.warning }
        : s;
    case 'stop':
      if (s.phase !== 'recording') return s;
      if (e.seconds < SPOKEN.minSeconds && !e.force) return { phase: 'recording', limitOpen: true };
      return { phase: 'stopped' };
    case 'keepRecording':
      return s.phase === 'recording' ? { phase: 'recording', limitOpen: false } : s;
    case 'checked':
      if (s.phase !== 'stopped') return s;
      return e.problem ? { phase: 'failed', warning: e.problem } : { phase: 'uploading' };
    case 'saved':
      return s.phase === 'uploading' ? { phase: 'answered' } : s;
    case 'retry':
      if (s.phase !== 'failed') return s;
      // a failed new take leaves the saved answer as it was: say so, not "nothing recorded"
      return e.answered ? { phase: 'answered' } : SPOKEN_IDLE;
    case 'resumeUpload':
      return s.phase === 'idle' || s.phase === 'answered' ? { phase: 'uploading' } : s;
  }
}

/** Recording is on (navigation waits): asking for the microphone, recording, checking. */
export const spokenBusy = (s: SpokenState) =>
  s.phase === 'starting' || s.phase === 'recording' || s.phase === 'stopped';

/**
 * A spoken answer stops by itself at the longest the server keeps (SPOKEN.maxSeconds, 5:00): a
 * longer one would be sent in full only to be refused (ADR 0260).
 */
export const spokenShouldAutoStop = (elapsedSeconds: number) => elapsedSeconds >= SPOKEN.maxSeconds;
