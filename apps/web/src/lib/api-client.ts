import { fillPath, withQuery, type PathParams, type QueryParams } from './api-path.ts';
import type {
  BodyOf,
  Endpoint,
  FileGetPath,
  FormPostPath,
  JsonGetPath,
  JsonPostPath,
  OptionsArg,
} from './api-types.ts';
import { getCookie } from './cookies.ts';
import { clearLogin } from './session.ts';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown,
  ) {
    super(message);
  }
}

/** The options request() reads; the typed entry points narrow them per endpoint (api-types.ts). */
interface Options {
  params?: PathParams;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (progress saves). */
  keepalive?: boolean;
}

/**
 * A JSON call that has not answered in this time is given up as not reached (status 0), so a
 * request hanging on a bad link (a half-open connection) cannot leave a spinner, a save queue
 * or a submission waiting for ever; its caller retries or reports as for an offline link.
 * Uploads (multipart, possibly 30 MB on 0.3 Mbps) have no such limit.
 */
const REQUEST_TIMEOUT_MS = 60_000;

/** Calls whose 401 is an answer to show, not a lost session. */
const NO_FORCED_LOGOUT = [/^\/api\/login(\/auto|\/logout)?$/, /\/api\/test\/answeredQuestions/];

function onUnauthorized(path: string) {
  if (NO_FORCED_LOGOUT.some((re) => re.test(path))) return;
  clearLogin('forced');
  if (!location.pathname.endsWith('/v2/user/login')) location.assign('/v2/user/login');
}

/** The `message` of an error reply, when it has one. */
const messageOf = (data: unknown) =>
  data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : '';

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
  const timeoutMs = body instanceof FormData ? 0 : REQUEST_TIMEOUT_MS;
  const abort = new AbortController();
  const callerAbort = () => abort.abort();
  if (opts.signal?.aborted) abort.abort();
  opts.signal?.addEventListener('abort', callerAbort);
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, timeoutMs)
      : null;
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, { method, headers, body, signal: abort.signal, keepalive: opts.keepalive });
    text = await res.text();
  } catch (e) {
    if ((e as Error).name === 'AbortError' && !timedOut) throw e;
    throw new ApiError(0, 'Network error', null);
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', callerAbort);
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (res.status === 401) onUnauthorized(path);
  if (!res.ok) throw new ApiError(res.status, messageOf(data) || res.statusText, data);
  return data as T;
}

/** The URL of a map path: params filled in, query appended. */
const urlOf = (path: string, opts: Options = {}) => withQuery(fillPath(path, opts.params), opts.query);

/** A GET call of the endpoint map: apiGet('/api/result/status/:id', { params: { id } }). */
export const apiGet = <P extends JsonGetPath>(path: P, ...[options]: OptionsArg<Endpoint<'GET', P>>) => {
  const opts = options as Options | undefined;
  return request<Endpoint<'GET', P>['reply']>('GET', urlOf(path, opts), undefined, false, opts);
};

/** A POST call of the endpoint map with its JSON body: apiPost('/api/login', { userName, password }). */
export const apiPost = <P extends JsonPostPath>(
  path: P,
  body: BodyOf<Endpoint<'POST', P>>,
  ...[options]: OptionsArg<Endpoint<'POST', P>>
) => {
  const opts = options as Options | undefined;
  return request<Endpoint<'POST', P>['reply']>('POST', urlOf(path, opts), JSON.stringify(body ?? {}), true, opts);
};

/** A multipart POST call of the endpoint map (file uploads). */
export const apiUpload = <P extends FormPostPath>(
  path: P,
  form: FormData,
  ...[options]: OptionsArg<Endpoint<'POST', P>>
) => {
  const opts = options as Options | undefined;
  return request<Endpoint<'POST', P>['reply']>('POST', urlOf(path, opts), form, false, opts);
};

async function download(url: string): Promise<Blob> {
  const headers: Record<string, string> = { authorization: `Bearer ${getCookie('token')}` };
  const res = await fetch(url, { method: 'GET', headers });
  if (res.status === 401) onUnauthorized(url);
  if (!res.ok) throw new ApiError(res.status, res.statusText, null);
  return res.blob();
}

/** Downloads a file reply of the endpoint map (e.g. a PDF) with the bearer token. */
export const apiDownload = <P extends FileGetPath>(path: P, ...[options]: OptionsArg<Endpoint<'GET', P>>) =>
  download(urlOf(path, options as Options | undefined));

/**
 * Downloads a file from a signed media URL the server answered (downloadfile's file_url): the URL
 * carries its own short-lived signature, so no token goes with it (ADR 0150).
 */
export async function apiDownloadUrl(url: string): Promise<Blob> {
  const res = await fetch(url, { method: 'GET', credentials: 'omit' });
  if (!res.ok) throw new ApiError(res.status, res.statusText, null);
  return res.blob();
}
