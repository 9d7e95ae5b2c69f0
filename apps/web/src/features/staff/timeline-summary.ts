import type { TimelineEvent } from '@invigil/contracts';
import { formatDateTime } from '../../lib/dates.ts';

/** Why the server stopped an attempt (status 111), in words, with the stored code. */
const STOP_REASON: Record<string, string> = {
  photo_mismatch: 'face not matched (photo_mismatch)',
  multiple_faces: 'multiple faces (multiple_faces)',
  no_face: 'face not visible (no_face)',
  objects: 'objects in the background (objects)',
  speakers: 'multiple speakers (speakers)',
  window_switch: 'window switches past the limit (window_switch)',
};

/** A periodic picture identical, byte for byte, to an earlier one of the attempt. */
const SAME_PICTURE: Record<string, string> = {
  previous: 'the same picture as the check before, byte for byte (a still image?)',
  setup: 'the same picture as the setup picture, byte for byte (a still image?)',
};

/** Refusals the server made within a gap because its analysis was busy (ADR 0235), or null. */
function busyOf(e: TimelineEvent): { refused: number; from: unknown; to: unknown } | null {
  const b = e.data.busy as { refused?: unknown; from?: unknown; to?: unknown } | undefined;
  return b && typeof b.refused === 'number' && b.refused > 0 ? { refused: b.refused, from: b.from, to: b.to } : null;
}

/**
 * The event's title key under `timeline.kind` ('.' as '_', the translator walks dots). A gap over
 * pictures or samples the server refused while busy is titled by that cause, not as a silence.
 */
export function kindKey(e: TimelineEvent): string {
  const key = e.kind.replace(/\./g, '_');
  return (e.kind === 'proctoring.gap' || e.kind === 'proctoring.audio_gap') && busyOf(e) ? `${key}_busy` : key;
}

/** "the server refused 3 pictures from ... to ... (...)": the silence was the server's. */
function refusals(e: TimelineEvent, one: string, many: string): string | null {
  const b = busyOf(e);
  if (!b) return null;
  return (
    `the server refused ${b.refused} ${b.refused === 1 ? one : many} ` +
    `from ${formatDateTime(b.from as string)} to ${formatDateTime(b.to as string)} ` +
    `(its analysis was busy, not the candidate's doing)`
  );
}

/** The page's report of a lost link (link_lost:41s, ADR 0239) in words, or null. */
function linkLost(event: unknown): string | null {
  const m = typeof event === 'string' ? /^link_lost:(\d+)s$/.exec(event) : null;
  return m ? `the browser says it was offline for ${m[1]} s` : null;
}

/** A few readable words of an event's data (the rest is in the title attribute). */
export function summary(e: TimelineEvent): string {
  const d = e.data;
  const parts: string[] = [];
  const add = (label: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') parts.push(`${label} ${String(v)}`);
  };
  /** A part in words of its own, without a label. */
  const more = (words: string | null) => {
    if (words) parts.push(words);
  };
  switch (e.kind) {
    case 'signin':
      add('', `${String(d.browser ?? '')}, ${String(d.device ?? '')}`);
      if (d.regen) parts.push('(signed out the other device)');
      break;
    case 'save':
      add('seq', d.seq);
      add('answers', d.changes);
      add('written', d.saved);
      if (d.offline) parts.push('from the offline queue');
      if (d.form === 'full') parts.push('full form');
      break;
    case 'submission':
      add('type', d.submitType);
      add('status', d.status);
      break;
    case 'closed':
      add('type', d.submitType);
      add('status', d.status);
      add('reason', typeof d.abortReason === 'string' ? (STOP_REASON[d.abortReason] ?? d.abortReason) : d.abortReason);
      break;
    case 'score.run':
      add('run', d.run);
      parts.push(d.ok ? `ok, ${String(d.percentage ?? '')}%` : `failed: ${String(d.error ?? '')}`);
      break;
    case 'window_switch':
      add('count', d.count);
      break;
    case 'proctoring.photo':
      add('outcome', d.photo_tag);
      add('faces', d.face_count);
      add('warnings', d.warnings);
      if (d.stopped) parts.push('test stopped');
      // a real camera never sends the same JPEG twice: a still image, shown or replayed (ADR 0228)
      if (d.samePicture) parts.push(SAME_PICTURE[String(d.samePicture)] ?? 'the same picture as before');
      // the page's own word: it kept the picture (a lost link, a busy server) and sent it later
      if (typeof d.keptSeconds === 'number') parts.push(`taken ${d.keptSeconds} s before it was sent, the page says`);
      break;
    case 'proctoring.speakers':
      add('speakers', d.speakers);
      if (d.overlapped) parts.push('(a voice over the candidate)');
      add('warnings', d.warnings);
      if (d.stopped) parts.push('test stopped');
      break;
    case 'proctoring.gap':
      // A silence of the periodic photo check: the camera, the page or the link was gone.
      if (typeof d.since === 'string') parts.push(`since ${formatDateTime(d.since)}`);
      add('seconds without a picture', d.seconds);
      more(refusals(e, 'picture', 'pictures'));
      break;
    case 'proctoring.audio_gap':
      // A silence of the speaker check: the microphone, the page or the link was gone (ADR 0233).
      if (typeof d.since === 'string') parts.push(`since ${formatDateTime(d.since)}`);
      add('seconds without a speaker sample', d.seconds);
      more(refusals(e, 'speaker sample', 'speaker samples'));
      break;
    case 'device.permission':
    case 'device.video':
    case 'device.audio':
      // The browser's own report (camera_stopped, permission_denied...): its words, as sent.
      add('', d.event);
      add('status', d.status);
      more(linkLost(d.event));
      break;
    case 'resume':
      add('seconds left', d.secondsLeft);
      add('answers from the local copy', d.fromLocalCopy);
      break;
    case 'staff.regenerate':
      add('outcome', d.outcome);
      break;
    case 'staff.media':
      // What was opened: a file's name, 'primary image', or the listing ('attempt media (3)').
      add('', d.media);
      break;
    default:
      break;
  }
  return parts.join(', ').trim();
}
