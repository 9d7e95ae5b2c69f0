import { apiPost } from '../../../lib/api-client.ts';
import type { ApiBody } from '../../../lib/api-types.ts';
import { readKeptSubmission } from '../../../lib/kept-submission.ts';
import { local } from '../../../lib/storage.ts';

const PREFIX = 'test-submit';

/**
 * Dashboard load (spec section 4): test submissions queued in local storage (keys starting
 * with test-submit, each a payload with userExamId) are sent again; each is removed once the
 * server answers 200, with the test's local copy. Failures are only logged and the submission
 * stays for the next load. Another user's (a shared machine) is left for its owner's sign-in.
 */
export async function resendQueuedSubmissions(): Promise<number> {
  let sent = 0;
  for (const key of local.keys().filter((k) => k.startsWith(PREFIX))) {
    const kept = readKeptSubmission(key);
    if (kept.kind === 'other-user') continue;
    const payload = kept.kind === 'mine' ? kept.body : null;
    const id = Number(payload?.userExamId ?? key.slice(PREFIX.length + 1));
    if (!payload || !Number.isInteger(id) || id <= 0) {
      console.error('stored submission without a userExamId', key);
      continue;
    }
    try {
      // Stored by the test engine as a submit body (submit-pipeline); the server validates it.
      await apiPost('/api/result/submittest/:id', payload as ApiBody<'POST /api/result/submittest/:id'>, {
        params: { id },
      });
      local.remove(key);
      // The test's own local copy (kept under its id for a resume) is of no use once submitted.
      local.remove(String(id));
      local.remove('remainingTime');
      sent += 1;
    } catch (e) {
      console.error('stored submission not sent', key, e);
    }
  }
  return sent;
}
