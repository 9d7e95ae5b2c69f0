import type { SqlDialect } from '../types.ts';
import { MysqlRunner, SqlUnavailableError } from './mysql-runner.ts';
import { normaliseRows, setupSql, type SqlOutcome, type SqlTable } from './tables.ts';
import { WorkerHost } from './worker-host.ts';

export { SqlUnavailableError } from './mysql-runner.ts';
export { SqlTimeoutError } from './worker-host.ts';
export { SAMPLE_TABLES, setupSql, normaliseRows, type SqlTable, type SqlOutcome } from './tables.ts';

export interface SqlRunOptions {
  timeoutMs?: number;
  maxRows?: number;
}

interface RawResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  message?: string;
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString().replace('T00:00:00.000Z', '');
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return v;
}

/**
 * Runs candidates' SQL in three dialects: `sql` (sql.js in a worker, fresh database per run),
 * `pgsql` (a warm PGlite in a terminable worker, BEGIN ... ROLLBACK per run) and `mysql`
 * (MariaDB with a database and a SELECT-only user per run, and a KILL QUERY watchdog).
 */
export class SqlEngine {
  private readonly sqljs = new WorkerHost(new URL('./sqljs-worker.mjs', import.meta.url));
  private readonly pglite = new WorkerHost(new URL('./pglite-worker.mjs', import.meta.url), 512, true);
  private readonly mysql: MysqlRunner;

  constructor(options: { mysqlUrl?: string } = {}) {
    this.mysql = new MysqlRunner(options.mysqlUrl);
  }

  /** Starts the worker engines ahead of the first run. */
  async warm(dialects: SqlDialect[] = ['sql', 'pgsql']): Promise<void> {
    await Promise.all(
      dialects.map((d) => (d === 'sql' ? this.sqljs.warm() : d === 'pgsql' ? this.pglite.warm() : undefined)),
    );
  }

  async run(dialect: SqlDialect, tables: SqlTable[], query: string, options: SqlRunOptions = {}): Promise<SqlOutcome> {
    const timeoutMs = options.timeoutMs ?? 2000;
    const maxRows = options.maxRows ?? 1000;
    const started = performance.now();
    const setup = setupSql(dialect, tables);
    try {
      let raw: RawResult;
      if (dialect === 'sql') raw = await this.sqljs.request<RawResult>({ setup, query, maxRows }, timeoutMs);
      else if (dialect === 'pgsql') raw = await this.pglite.request<RawResult>({ setup, query, maxRows }, timeoutMs);
      else raw = await this.mysql.run(setup, query, { timeoutMs, maxRows });
      return {
        ok: true,
        columns: raw.columns,
        rows: raw.rows.map((r) => r.map(plain)),
        truncated: raw.truncated,
        sqlMessage: raw.message,
        timeMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      return {
        ok: false,
        columns: [],
        rows: [],
        truncated: false,
        sqlMessage: (err as Error).message,
        timeMs: Math.round(performance.now() - started),
      };
    }
  }

  /**
   * Checks a candidate's query against the reference query on the same tables: same columns
   * count and the same rows (in order when the reference has ORDER BY, as a multiset otherwise).
   */
  async check(dialect: SqlDialect, tables: SqlTable[], query: string, reference: string, options: SqlRunOptions = {}) {
    const actual = await this.run(dialect, tables, query, options);
    const expected = await this.run(dialect, tables, reference, options);
    if (!expected.ok) throw new Error(`reference query failed: ${expected.sqlMessage}`);
    let passed = false;
    if (actual.ok && actual.columns.length === expected.columns.length && !actual.truncated) {
      const a = normaliseRows(actual.rows);
      const e = normaliseRows(expected.rows);
      const ordered = /\border\s+by\b/i.test(reference);
      passed =
        a.length === e.length &&
        (ordered ? a.every((r, i) => r === e[i]) : [...a].sort().join('\n') === [...e].sort().join('\n'));
    }
    return { actual, passed };
  }

  async close(): Promise<void> {
    await Promise.all([this.sqljs.close(), this.pglite.close(), this.mysql.close()]);
  }
}

export function isSqlUnavailable(err: unknown): err is SqlUnavailableError {
  return err instanceof SqlUnavailableError;
}
