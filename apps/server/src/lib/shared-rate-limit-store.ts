import type { Database } from '@invigil/db';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a route's store at run time: the route it limits (its types say less). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** About one increment in this many also deletes windows that ended more than an hour ago. */
const SWEEP_EVERY = 500;

const INCREMENT = `
  INSERT INTO rate_limit_hits (key, hits, resets_at)
  VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limit_hits.resets_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
    resets_at = CASE WHEN rate_limit_hits.resets_at <= now() THEN EXCLUDED.resets_at ELSE rate_limit_hits.resets_at END
  RETURNING hits, GREATEST(0, ceil(extract(epoch FROM resets_at - now()) * 1000))::int AS ttl`;

/**
 * A @fastify/rate-limit store kept in the database (ADR 0213), so a limit holds across every API
 * node behind the balancer instead of once per node. Fixed windows like the plugin's own store:
 * the first hit opens a window of `timeWindow` ms; the database's clock decides, so nodes whose
 * clocks differ still agree. Each route counts in its own namespace (method and path).
 */
export function sharedRateLimitStore(database: Database) {
  let calls = 0;
  return class SharedRateLimitStore {
    /** The plugin passes its options first (unused here); a route's child names its namespace. */
    constructor(
      _options?: unknown,
      readonly namespace = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const window = Math.max(1, Math.min(Math.round(timeWindow), 2_147_483_647));
      database
        .executeSql<{ hits: number; ttl: number }>(INCREMENT, [`${this.namespace}${key}`, window])
        .then(({ rows }) => {
          cb(null, { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.ttl) });
          if (++calls % SWEEP_EVERY === 0)
            void database
              .executeSql(`DELETE FROM rate_limit_hits WHERE resets_at < now() - interval '1 hour'`)
              .catch(() => undefined);
        })
        .catch((err: Error) => cb(err));
    }

    child(route: object) {
      const { method, url } = (route as RouteParams).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${this.namespace}${String(method ?? '')}${url ?? ''}:`);
    }
  };
}
