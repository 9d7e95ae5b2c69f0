import { SESSION_TIME } from '@invigil/contracts';
import { clearAuthCookies, getCookie, setCookie } from './cookies.ts';
import { dropSettledCopies } from './settled-copies.ts';
import { announceSignInChange, holdSignIn } from './tab-sign-in.ts';

export interface SignedIn {
  token: string;
  role: string;
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  organizationId: number | null;
}

const changeListeners = new Set<() => void>();

/**
 * Runs `fn` whenever the signed-in user changes (a sign-in, a logout, a forced logout), so what a
 * page keeps in memory for the previous user (the data cache) is dropped: on a shared machine the
 * next user signs in on the same page without a reload.
 */
export function onSignInChange(fn: () => void): () => void {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

function signInChanged() {
  dropSettledCopies();
  announceSignInChange();
  for (const fn of changeListeners) fn();
}

/** Writes the spec's cookies after a successful sign-in. */
export function storeLogin(s: SignedIn): void {
  setCookie('token', s.token);
  setCookie('login', 'true');
  setCookie('role', s.role);
  setCookie('userId', String(s.userId));
  setCookie('email', s.email);
  setCookie('userName', `${s.firstname} ${s.lastname}`.trim());
  setCookie('org', s.organizationId === null ? '' : String(s.organizationId));
  setCookie('sessionTime', SESSION_TIME.loggedIn);
  holdSignIn(s.token);
  signInChanged();
}

export const isLoggedIn = () => getCookie('sessionTime') === SESSION_TIME.loggedIn && getCookie('token') !== '';

/** Logout or forced logout: clear session storage and cookies, record why. */
export function clearLogin(reason: 'logout' | 'forced'): void {
  try {
    sessionStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  clearAuthCookies();
  setCookie('sessionTime', reason === 'logout' ? SESSION_TIME.loggedOut : SESSION_TIME.forcedOut);
  signInChanged();
}

/**
 * Ends the sign-in of this browser on the server and here, as a logout (the login screen, without
 * the expired notice: the next person did nothing) (ADR 0232): a sign-in no open tab holds (every
 * tab of it was closed), or one replaced by another user's own sign-in link. The person's kept work
 * (answers not yet sent, recordings) stays on the device for their next sign-in.
 */
export function endSignInHere(): void {
  const token = getCookie('token');
  void fetch('/api/login/logout', { headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => undefined,
  );
  clearLogin('logout');
}
