import { decodePayload } from '@invigil/contracts';
import { local } from './storage.ts';

/** Keys of a test's local copies (ADR 0280): the copy under the user-exam id, and its companions. */
const COPY = /^\d+$/;
const COMPANION = /^(?:one-minute-(\d+)|coding-(\d+)-\d+)$/;

/** The attempt's local copy still holds changes the server has not confirmed. */
function holdsUnsent(raw: string | null): boolean {
  if (!raw) return false;
  try {
    const copy = decodePayload<{ pending?: unknown }>(raw);
    return !Array.isArray(copy?.pending) || copy.pending.length > 0;
  } catch {
    return true; // not ours to judge: left alone
  }
}

/**
 * At every sign-in and sign-out (ADR 0232): the local copies of tests whose every change the
 * server has confirmed are dropped, with their companions (the coding view's code and last run,
 * the one-minute mark, `remainingTime`). They only repeat what the server keeps, and on a shared
 * machine they are the last user's questions and answers in the next user's browser. A copy with
 * changes not yet sent stays for its owner's resume (no answer lost), and nothing of it is sent
 * under anyone else's session: an attempt is only ever resumed by its own candidate.
 */
export function dropSettledCopies(): void {
  const keys = local.keys();
  const kept = new Set<string>();
  for (const key of keys.filter((k) => COPY.test(k))) {
    if (holdsUnsent(local.get(key))) kept.add(key);
    else local.remove(key);
  }
  for (const key of keys) {
    const m = COMPANION.exec(key);
    if (m && !kept.has(m[1] ?? m[2]!)) local.remove(key);
  }
  if (kept.size === 0) local.remove('remainingTime');
}
