/** The server's verdict on one periodic picture (POST /api/proctoring/photoCheck). */
export interface PhotoVerdict {
  outcome: 'ok' | 'N' | 'M' | 'O' | 'mismatch';
  warnings: number;
  stopped: boolean;
}

/** The server's verdict on one speaker sample (POST /api/test/getaudio). */
export interface AudioVerdict {
  speakers: number;
  warnings: number;
  stopped: boolean;
}

export interface MonitorSettings {
  photo_timer: number;
  photo_matching: boolean;
  photo_action: 'S' | 'C';
  speaker_dialect: boolean;
  audio_action: 'S' | 'C';
  monitoring: boolean;
}

/** Spec: the 5th audio warning (count 4) sends the candidate to the dashboard. */
const AUDIO_VIOLATION_AT = 5;

type PhotoProblem = Exclude<PhotoVerdict['outcome'], 'ok'>;

/**
 * The dialog the monitor shows. `image` is the image alert (a mismatch with photo_action 'S',
 * confirming retakes the check after 2 s); `warning` has Ok and resumes the checks; `violation`
 * has Close and goes to the dashboard (the server has stopped the attempt).
 */
export type MonitorDialog =
  | { kind: 'photo'; outcome: PhotoProblem; level: 'image' | 'warning' | 'violation'; warnings: number }
  | { kind: 'audio'; level: 'warning' | 'violation'; warnings: number }
  | { kind: 'camera' };

/** What a photo verdict shows: nothing for a passing picture; the server's stop decides the violation. */
export function photoDialogFor(v: PhotoVerdict, s: Pick<MonitorSettings, 'photo_action'>): MonitorDialog | null {
  if (v.outcome === 'ok' && !v.stopped) return null;
  const outcome: PhotoProblem = v.outcome === 'ok' ? 'N' : v.outcome;
  if (v.stopped) return { kind: 'photo', outcome, level: 'violation', warnings: v.warnings };
  const level = outcome === 'mismatch' && s.photo_action === 'S' ? 'image' : 'warning';
  return { kind: 'photo', outcome, level, warnings: v.warnings };
}

/**
 * What a speaker verdict shows: with audio_action 'S', two or more speakers give the audio alert
 * (warnings 1 to 4 with Ok); the server's stop (the 5th) is the violation. 'C' only records.
 */
export function audioDialogFor(v: AudioVerdict, s: Pick<MonitorSettings, 'audio_action'>): MonitorDialog | null {
  if (v.stopped) return { kind: 'audio', level: 'violation', warnings: v.warnings };
  if (s.audio_action !== 'S' || v.speakers < 2) return null;
  return { kind: 'audio', level: v.warnings >= AUDIO_VIOLATION_AT ? 'violation' : 'warning', warnings: v.warnings };
}

/** The dialog to keep when another arrives while one is open: a violation always wins. */
export function moreSevere(open: MonitorDialog | null, next: MonitorDialog): MonitorDialog {
  if (!open) return next;
  const rank = (d: MonitorDialog) => (d.kind !== 'camera' && d.level === 'violation' ? 2 : 1);
  return rank(next) > rank(open) ? next : open;
}
