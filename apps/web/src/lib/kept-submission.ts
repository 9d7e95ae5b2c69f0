import { getCookie } from './cookies.ts';
import { local } from './storage.ts';

/** The spec's key of a submission that did not reach the server. */
export const submitKey = (examId: number) => `test-submit-${examId}`;

/** Who the kept submission belongs to (ADR 0232): the signed-in user when it was kept. */
const OWNER = 'keptFor';

/** Keeps a submission that failed, marked with the signed-in user, to be sent again for them. */
export function keepSubmission(examId: number, body: object): void {
  local.set(submitKey(examId), JSON.stringify({ ...body, [OWNER]: getCookie('userId') }));
}

export type KeptSubmission =
  { kind: 'mine'; body: Record<string, unknown> } | { kind: 'other-user' } | { kind: 'unreadable' };

/**
 * The kept submission under `key`, as a body to send for the signed-in user; or another user's of
 * this machine (sent under this session it would be refused, and it waits for its owner's next
 * sign-in); or unreadable. One kept before owners were recorded is sent: the server answers only
 * its owner.
 */
export function readKeptSubmission(key: string): KeptSubmission {
  const raw = local.get(key);
  let payload: unknown;
  try {
    payload = raw ? JSON.parse(raw) : null;
  } catch {
    return { kind: 'unreadable' };
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { kind: 'unreadable' };
  const { [OWNER]: owner, ...body } = payload as Record<string, unknown>;
  if (typeof owner === 'string' && owner !== '' && owner !== getCookie('userId')) return { kind: 'other-user' };
  return { kind: 'mine', body };
}
