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

/** A few readable words of an event's data (the rest is in the title attribute). */
export function summary(e: TimelineEvent): string {
  const d = e.data;
  const parts: string[] = [];
  const add = (label: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') parts.push(`${label} ${String(v)}`);
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
      break;
    case 'proctoring.audio_gap':
      // A silence of the speaker check: the microphone, the page or the link was gone (ADR 0233).
      if (typeof d.since === 'string') parts.push(`since ${formatDateTime(d.since)}`);
      add('seconds without a speaker sample', d.seconds);
      break;
    case 'device.permission':
    case 'device.video':
    case 'device.audio':
      // The browser's own report (camera_stopped, permission_denied...): its words, as sent.
      add('', d.event);
      add('status', d.status);
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
