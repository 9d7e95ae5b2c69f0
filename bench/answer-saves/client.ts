import http from 'node:http';

/** A reply's parsed JSON: untyped, each call reads the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

/** A small keep-alive HTTP client: one request in flight per simulated candidate. */
export class Client {
  private agent: http.Agent;
  constructor(
    private readonly port: number,
    sockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** parse: false skips reading the reply as JSON (the load phases only need the status). */
  request(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    parse = true,
  ): Promise<{ status: number; json: Json; ms: number }> {
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const t0 = process.hrtime.bigint();
    return new Promise((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          if (parse) res.on('data', (c) => chunks.push(c));
          else res.resume();
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            let json: Json;
            try {
              json = parse ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, json, ms });
          });
        },
      );
      req.on('error', () => resolve({ status: 0, json: null, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
      if (payload) req.write(payload);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
