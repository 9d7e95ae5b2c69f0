import { SESSION_TIME } from '@invigil/contracts';
import { getCookie } from './cookies.ts';
import { session } from './storage.ts';

/** Session storage (this tab only, kept across a reload): the token this tab signed in with or took over. */
const KEY = 'signedInTab';
const CHANNEL = 'invigil-sign-in';

type Message = { type: 'who' } | { type: 'here'; token: string } | { type: 'changed' };

/** This tab holds the sign-in (called at every sign-in). */
export function holdSignIn(token: string): void {
  session.set(KEY, token);
}

let channel: BroadcastChannel | null | undefined;
/** The sign-in (token) this page shows: set at load and by this page's own sign-ins and outs. */
let shownFor: string | undefined;

/**
 * The channel the tabs of this site talk on: while a tab holds the sign-in it answers a new tab's
 * question; and when another tab signed in or out, a page still showing the sign-in before loads
 * again (the route guards decide), so one user's logout leaves no open tab showing their screens.
 */
function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  shownFor ??= getCookie('token');
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (e: MessageEvent<Message>) => {
    const token = getCookie('token');
    if (e.data?.type === 'who' && token && session.get(KEY) === token) channel?.postMessage({ type: 'here', token });
    if (e.data?.type === 'changed' && token !== shownFor) reloadPage();
  });
  return channel;
}

let reloadPage = () => location.reload();
/** jsdom cannot reload a page: tests see the call instead. */
export function setReloadForTests(fn: () => void) {
  reloadPage = fn;
}

/** This page signed in or out: it shows the new sign-in, and the other tabs are told. */
export function announceSignInChange(): void {
  shownFor = getCookie('token');
  openChannel()?.postMessage({ type: 'changed' } satisfies Message);
}

/**
 * App start (ADR 0232). The spec's cookies outlive the tab that signed in: on a shared machine the
 * next person who opened the site after the last one closed the tab was in that person's
 * dashboard. A sign-in now belongs to the tabs that hold it: this one (it signed in, or it is a
 * reload of one that did), or any open tab of the site, which answers a new tab here. 'left': the
 * cookies say signed in but no open tab holds the sign-in (every tab of it was closed).
 *
 * The wait is long enough for a busy tab to answer: an open tab still rendering a page (seen: a
 * loaded machine, the tab that had just signed in) answered after more than 300 ms, and the new
 * tab then ended that sign-in everywhere. A tab that answers ends the wait at once; the whole wait
 * is paid only when no tab answers (every tab of the sign-in was closed).
 */
export async function checkTabSignIn(waitMs = 1500): Promise<'none' | 'held' | 'left'> {
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
