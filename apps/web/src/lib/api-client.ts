import { getCookie } from './cookies.ts';
import { clearLogin } from './session.ts';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: any,
  ) {
    super(message);
  }
}

interface Options {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (progress saves). */
  keepalive?: boolean;
}

/** Calls whose 401 is an answer to show, not a lost session. */
const NO_FORCED_LOGOUT = [/^\/api\/login(\/auto|\/logout)?$/, /\/api\/test\/answeredQuestions/];

function onUnauthorized(path: string) {
  if (NO_FORCED_LOGOUT.some((re) => re.test(path))) return;
  clearLogin('forced');
  if (!location.pathname.endsWith('/v2/user/login')) location.assign('/v2/user/login');
}

async function request<T>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  json: boolean,
  opts: Options = {},
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = getCookie('token');
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, signal: opts.signal, keepalive: opts.keepalive });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error', null);
  }
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (res.status === 401) onUnauthorized(path);
  if (!res.ok)
    throw new ApiError(res.status, (data && typeof data === 'object' && data.message) || res.statusText, data);
  return data as T;
}

export const apiGet = <T>(path: string, opts?: Options) => request<T>('GET', path, undefined, false, opts);
export const apiPost = <T>(path: string, body?: unknown, opts?: Options) =>
  request<T>('POST', path, JSON.stringify(body ?? {}), true, opts);
export const apiUpload = <T>(path: string, form: FormData, opts?: Options) =>
  request<T>('POST', path, form, false, opts);

/** Downloads a binary (e.g. a PDF) with the bearer token; returns the blob. */
export async function apiDownload(path: string, body?: unknown): Promise<Blob> {
  const headers: Record<string, string> = { authorization: `Bearer ${getCookie('token')}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) onUnauthorized(path);
  if (!res.ok) throw new ApiError(res.status, res.statusText, null);
  return res.blob();
}
