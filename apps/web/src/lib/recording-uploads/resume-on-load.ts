import { getCookie } from '../cookies.ts';
import { pendingRecordings } from './pending-store.ts';

let startedFor: string | undefined;

/**
 * App load (ADR 0195: the dashboard, or a test page opened on its own): recordings an earlier page
 * left unanswered in IndexedDB are sent on, once per page load and sign-in (token). The uploader (tus)
 * is fetched only when something is pending.
 */
export function resumePendingOnLoad() {
  const token = getCookie('token');
  if (!token || startedFor === token) return;
  startedFor = token;
  void pendingRecordings
    .count()
    .then(async (n) => {
      if (!n) return;
      const { resumePendingRecordings } = await import('./resume-pending.ts');
      await resumePendingRecordings();
    })
    .catch((e: unknown) => console.error('pending recordings not resumed', e));
}
