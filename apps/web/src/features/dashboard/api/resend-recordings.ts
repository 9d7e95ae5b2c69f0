import { pendingRecordings } from '../../../lib/recording-uploads/pending-store.ts';

/**
 * Dashboard load (ADR 0195): recordings an earlier page left unanswered in IndexedDB are sent on.
 * The uploader (tus) is fetched only when there is something to send.
 */
export function resendPendingRecordings() {
  void pendingRecordings
    .count()
    .then(async (n) => {
      if (!n) return;
      const { resumePendingRecordings } = await import('../../../lib/recording-uploads/resume-pending.ts');
      await resumePendingRecordings();
    })
    .catch((e: unknown) => console.error('pending recordings not resumed', e));
}
