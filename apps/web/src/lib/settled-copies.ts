import { decodePayload } from '@invigil/contracts';
import { local } from './storage.ts';

/** Keys of a test's local copies (ADR 0280): the copy under the user-exam id, and its companions. */
const COPY = /^\d+$/;
const COMPANION = /^(?:one-minute-(\d+)|coding-(\d+)-\d+)$/;

/**
 * A copy whose test ended this long ago by its own clock (when it was written plus the time then
 * remaining) can never be sent: the server takes no answer after the deadline and its short grace.
 * A day covers a wrong clock on the machine.
 */
const PAST_DEADLINE_MS = 24 * 60 * 60 * 1000;

interface CopyHead {
  pending?: unknown;
  savedAt?: unknown;
  examDetail?: { time_remaining?: unknown };
}

/** The attempt's local copy still holds changes the server has not confirmed, and could still take them. */
function holdsUnsent(raw: string | null, now: number): boolean {
  if (!raw) return false;
  let copy: CopyHead | null;
  try {
    copy = decodePayload<CopyHead>(raw);
  } catch {
    return true; // not ours to judge: left alone
  }
  if (Array.isArray(copy?.pending) && copy.pending.length === 0) return false;
  const { savedAt } = copy ?? {};
  const remaining = copy?.examDetail?.time_remaining;
  if (typeof savedAt === 'number' && typeof remaining === 'number') {
    return now < savedAt + remaining * 1000 + PAST_DEADLINE_MS;
  }
  return true;
}

/**
 * At every sign-in and sign-out (ADR 0232): the local copies of tests whose every change the
 * server has confirmed are dropped, with their companions (the coding view's code and last run,
 * the one-minute mark, `remainingTime`). They only repeat what the server keeps, and on a shared
 * machine they are the last user's questions and answers in the next user's browser. A copy with
 * changes not yet sent stays for its owner's resume (no answer lost), and nothing of it is sent
 * under anyone else's session: an attempt is only ever resumed by its own candidate. Once its test
 * ended over a day ago it goes too: those changes can no longer count.
 */
export function dropSettledCopies(now = Date.now()): void {
  const keys = local.keys();
  const kept = new Set<string>();
  for (const key of keys.filter((k) => COPY.test(k))) {
    if (holdsUnsent(local.get(key), now)) kept.add(key);
    else local.remove(key);
  }
  for (const key of keys) {
    const m = COMPANION.exec(key);
    if (m && !kept.has(m[1] ?? m[2]!)) local.remove(key);
  }
  if (kept.size === 0) local.remove('remainingTime');
}
