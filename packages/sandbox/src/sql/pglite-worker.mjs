// PGlite (PostgreSQL in WASM, in-memory) in a worker thread, kept warm. Each run happens inside
// BEGIN ... ROLLBACK with the candidate's SQL behind a savepoint. PGlite ignores
// statement_timeout, so the host terminates this worker when a run takes too long.
// If the candidate left our transaction (COMMIT, ROLLBACK, a procedure's COMMIT), the
// transaction id no longer matches and the instance is recycled: nothing can persist.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

let pg;
try {
  pg = await PGlite.create();
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'fatal', error: String(err?.message ?? err) });
}

async function xid() {
  const r = await pg.query('SELECT pg_current_xact_id_if_assigned()::text AS x');
  return r.rows[0]?.x ?? null;
}

parentPort.on('message', async ({ id, setup, query, maxRows }) => {
  let recycle = false;
  let reply;
  try {
    await pg.exec('BEGIN');
    const mine = (await pg.query('SELECT pg_current_xact_id()::text AS x')).rows[0].x;
    await pg.exec(setup);
    await pg.exec('SAVEPOINT invigil_candidate');
    try {
      const results = await pg.exec(query, { rowMode: 'array' });
      const withRows = [...results].reverse().find((r) => r.fields.length > 0);
      const affected = results.reduce((n, r) => n + (r.affectedRows ?? 0), 0);
      reply = withRows
        ? {
            columns: withRows.fields.map((f) => f.name),
            rows: withRows.rows.slice(0, maxRows),
            truncated: withRows.rows.length > maxRows,
          }
        : { columns: [], rows: [], truncated: false, message: `${affected} row(s) affected` };
    } catch (err) {
      reply = { error: String(err?.message ?? err) };
      try {
        await pg.exec('ROLLBACK TO SAVEPOINT invigil_candidate');
      } catch {
        recycle = true;
      }
    }
    if (!recycle && (await xid()) !== mine) recycle = true;
  } catch (err) {
    reply = reply ?? { error: String(err?.message ?? err) };
    recycle = true;
  } finally {
    try {
      await pg.exec('ROLLBACK');
    } catch {
      recycle = true;
    }
  }
  if (reply.error) parentPort.postMessage({ id, ok: false, error: reply.error, recycle });
  else parentPort.postMessage({ id, ok: true, result: reply, recycle });
});
