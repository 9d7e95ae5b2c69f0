/**
 * Errors that mean "the database cannot be reached right now" (a restart, a failover, a full
 * pool), as opposed to a bug: the request is answered 503 with Retry-After, the client's retry
 * rules absorb it, and the pool reconnects by itself when the server is back.
 */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin / crash shutdown, cannot connect now, too many connections, connection exceptions
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection is closed|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; follow a few levels.
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
