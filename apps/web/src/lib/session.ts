import { SESSION_TIME } from '@invigil/contracts';
import { clearAuthCookies, getCookie, setCookie } from './cookies.ts';

export interface SignedIn {
  token: string;
  role: string;
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  organizationId: number | null;
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
}
