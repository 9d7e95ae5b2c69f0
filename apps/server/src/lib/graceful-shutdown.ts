import type { FastifyInstance } from 'fastify';

/** The whole shutdown may take this long; then the process exits anyway (issue 16: within 10 s). */
const SHUTDOWN_LIMIT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stops a node without failing a request: /readyz turns 503 first and stays so for `drainMs`
 * (the balancer's health check moves traffic away), then the server stops accepting, in-flight
 * requests and their pending save batch finish, the job workers stop (unfinished jobs go back
 * to the queue), and the database closes — all through app.close() and its onClose hooks.
 * Resolves with the exit code: 0 when everything closed in time, 1 otherwise.
 */
export async function shutDown(app: FastifyInstance, drainMs: number, limitMs = SHUTDOWN_LIMIT_MS): Promise<number> {
  app.ctx.lifecycle.draining = true;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error(`shutdown took over ${limitMs} ms; exiting anyway`);
      resolve(1);
    }, limitMs);
  });
  const orderly = (async () => {
    await sleep(Math.min(drainMs, Math.max(0, limitMs - 2000)));
    await app.close();
    app.log.info(`shut down in ${Date.now() - started} ms`);
    return 0;
  })().catch((e: unknown) => {
    app.log.error({ err: e }, 'shutdown failed');
    return 1;
  });
  try {
    return await Promise.race([orderly, limit]);
  } finally {
    clearTimeout(timer);
  }
}
