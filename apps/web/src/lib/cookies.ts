/** The spec's client cookies (path /): token, login, role, userId, email, userName, sessionTime, org. */
export type CookieName = 'token' | 'login' | 'role' | 'userId' | 'email' | 'userName' | 'sessionTime' | 'org';

export function getCookie(name: CookieName): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) return decodeURIComponent(c.slice(prefix.length));
  }
  return '';
}

export function setCookie(name: CookieName, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure}`;
}

/** Empties token, login, identity and org cookies (sessionTime is set by the caller). */
export function clearAuthCookies(): void {
  for (const name of ['token', 'login', 'role', 'userId', 'email', 'userName', 'org'] as const) setCookie(name, '');
}
