import { getCookie } from './cookies.ts';

const LOGIN_PATHS = new Set(['/v2/user/', '/v2/user/login']);

/**
 * The address is the login screen with someone's own sign-in link (an auto-login link, or a
 * set-password invite from a roster) for a user other than the one signed in in this browser
 * (ADR 0232). The spec's login route sends a signed-in browser to its dashboard: on a shared
 * machine B's link opened A's dashboard. An auto-login link for the signed-in user still does.
 */
export function linkForAnotherUser(loc: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!LOGIN_PATHS.has(loc.pathname)) return false;
  const params = new URLSearchParams(loc.search);
  if (params.get('invite')) return true;
  const ref = params.get('ref');
  const email = params.get('email');
  if (!ref || !email) return false;
  let linked: string;
  try {
    const bytes = Uint8Array.from(atob(email), (c) => c.charCodeAt(0));
    linked = new TextDecoder().decode(bytes).trim().toLowerCase();
  } catch {
    return false; // not a link anyone could use: the login screen says so when signed out
  }
  return linked !== getCookie('email').trim().toLowerCase();
}
