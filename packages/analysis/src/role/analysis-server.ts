import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Analyzer } from '../analyzer.ts';
import { AnalysisBusyError, AnalysisInputError, AnalysisTimeoutError } from '../errors.ts';

const MAX_BODY = 16 * 1024 * 1024;

export interface AnalysisServerOptions {
  analyzer: Analyzer;
  port?: number;
  host?: string;
  /** shared secret the API sends as a Bearer token; unset = no check (bind to a private address) */
  token?: string;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_BODY) {
        reject(new AnalysisInputError('BODY_TOO_LARGE', 'Request body is too large', 413));
        req.destroy();
      } else parts.push(d);
    });
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function errorReply(e: unknown): {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
} {
  if (e instanceof AnalysisInputError)
    return {
      status: e.statusCode,
      body: { statusCode: e.statusCode, error: http.STATUS_CODES[e.statusCode], message: e.message, code: e.code },
      headers: {},
    };
  if (e instanceof AnalysisBusyError || e instanceof AnalysisTimeoutError) {
    return {
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable', message: e.message },
      headers: { 'retry-after': String(e.retryAfterSeconds) },
    };
  }
  return {
    status: 500,
    body: { statusCode: 500, error: 'Internal Server Error', message: 'Analysis failed' },
    headers: {},
  };
}

/** The `analysis` process role: the same worker pool behind a small internal HTTP API. */
export async function startAnalysisServer(
  opts: AnalysisServerOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { analyzer } = opts;
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === 'GET' && req.url === '/healthz') return send(res, 200, { ok: true });
      if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`)
        return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Bad analysis token' });
      if (req.method === 'GET' && req.url === '/v1/stats') return send(res, 200, await analyzer.stats());
      if (req.method !== 'POST')
        return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'Unknown route' });
      const body = await readBody(req);
      const json = () => {
        try {
          return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        } catch {
          throw new AnalysisInputError('BAD_JSON', 'Body must be JSON');
        }
      };
      const str = (v: unknown, name: string) => {
        if (typeof v !== 'string') throw new AnalysisInputError('MISSING_FIELD', `${name} is required`);
        return v;
      };
      const url = new URL(req.url ?? '/', 'http://analysis');
      const flag = (name: string, fallback: boolean) =>
        url.searchParams.has(name) ? url.searchParams.get(name) === '1' : fallback;
      switch (url.pathname) {
        case '/v1/single-face':
          return send(res, 200, await analyzer.singleFace(str(json().primaryImage, 'primaryImage')));
        case '/v1/face-match': {
          const b = json();
          return send(
            res,
            200,
            await analyzer.faceMatch(str(b.primaryImage, 'primaryImage'), str(b.currentImage, 'currentImage')),
          );
        }
        case '/v1/describe':
          return send(res, 200, await analyzer.describe(body));
        case '/v1/describe-face':
          return send(res, 200, await analyzer.describeFace(body, flag('embedding', false), flag('scene', true)));
        case '/v1/describe-frame':
          return send(res, 200, await analyzer.describeFrame(body));
        case '/v1/speakers':
          return send(res, 200, await analyzer.countSpeakers(body));
        default:
          return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'Unknown route' });
      }
    } catch (e) {
      const r = errorReply(e);
      send(res, r.status, r.body, r.headers);
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://${addr.address}:${addr.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
