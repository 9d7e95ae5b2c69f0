import { SESSION_TIME } from '@invigil/contracts';
import { getCookie } from './cookies.ts';
import { session } from './storage.ts';

/** Session storage (this tab only, kept across a reload): the token this tab signed in with or took over. */
const KEY = 'signedInTab';
const CHANNEL = 'invigil-sign-in';

type Message = { type: 'who' } | { type: 'here'; token: string };

/** This tab holds the sign-in (called at every sign-in). */
export function holdSignIn(token: string): void {
  session.set(KEY, token);
}

let channel: BroadcastChannel | null | undefined;

/** The channel the tabs of this site ask each other on; while a tab holds the sign-in it answers. */
function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (e: MessageEvent<Message>) => {
    const token = getCookie('token');
    if (e.data?.type === 'who' && token && session.get(KEY) === token) channel?.postMessage({ type: 'here', token });
  });
  return channel;
}

/**
 * App start (ADR 0232). The spec's cookies outlive the tab that signed in: on a shared machine the
 * next person who opened the site after the last one closed the tab was in that person's
 * dashboard. A sign-in now belongs to the tabs that hold it: this one (it signed in, or it is a
 * reload of one that did), or any open tab of the site, which answers a new tab here. 'left': the
 * cookies say signed in but no open tab holds the sign-in (every tab of it was closed).
 */
export async function checkTabSignIn(waitMs = 300): Promise<'none' | 'held' | 'left'> {
  const ch = openChannel();
  const token = getCookie('token');
  if (!token || getCookie('sessionTime') !== SESSION_TIME.loggedIn) return 'none';
  if (session.get(KEY) === token) return 'held';
  // Without the channel the tabs cannot be asked: the cookies decide, as before.
  if (!ch) return 'held';
  const answered = await new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      ch.removeEventListener('message', onMessage);
      resolve(ok);
    };
    const onMessage = (e: MessageEvent<Message>) => {
      if (e.data?.type === 'here' && e.data.token === token) done(true);
    };
    const timer = setTimeout(() => done(false), waitMs);
    ch.addEventListener('message', onMessage);
    ch.postMessage({ type: 'who' } satisfies Message);
  });
  if (!answered) return 'left';
  holdSignIn(token);
  return 'held';
}
