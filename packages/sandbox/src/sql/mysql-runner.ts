import { randomBytes } from 'node:crypto';
import mysql from 'mysql2';
import type { Connection, FieldPacket, Pool } from 'mysql2';

/** MariaDB/MySQL is not reachable: mysql questions cannot run on this server. */
export class SqlUnavailableError extends Error {
  constructor(detail: string) {
    super(`MySQL questions need a MariaDB or MySQL server (MYSQL_URL, default mysql://root@127.0.0.1:3306); it is not available: ${detail}`);
    this.name = 'SqlUnavailableError';
  }
}

export interface MysqlResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  message?: string;
}

/**
 * Runs candidates' SQL on MariaDB: a database per run built by the admin connection, a user per
 * run that may only SELECT from it (no FILE, no writes, no other database), the session's
 * max_statement_time, and a watchdog that issues KILL QUERY on time (candidates can lift
 * max_statement_time with SET STATEMENT) or when the row cap is reached. The database and the
 * user are dropped afterwards.
 */
export class MysqlRunner {
  private pool: Pool | null = null;
  constructor(private readonly url = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306') {}

  private admin(): Pool {
    if (!this.pool) {
      const u = new URL(this.url);
      this.pool = mysql.createPool({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username || 'root'),
        password: decodeURIComponent(u.password),
        multipleStatements: true,
        connectionLimit: 3,
        connectTimeout: 3000,
      });
    }
    return this.pool;
  }

  private adminQuery(sql: string): Promise<unknown> {
    return new Promise((resolve, reject) => this.admin().query(sql, (err, res) => (err ? reject(err) : resolve(res))));
  }

  async run(setup: string, query: string, opts: { timeoutMs: number; maxRows: number }): Promise<MysqlResult> {
    const id = randomBytes(6).toString('hex');
    const db = `invigil_run_${id}`;
    const user = `invigil_ro_${id}`;
    const password = randomBytes(18).toString('base64url');
    try {
      await this.adminQuery(
        `CREATE DATABASE ${db}; USE ${db}; ${setup}
         CREATE USER '${user}'@'%' IDENTIFIED BY '${password}' WITH MAX_USER_CONNECTIONS 1 MAX_STATEMENT_TIME ${Math.ceil(opts.timeoutMs / 1000)};
         GRANT SELECT ON ${db}.* TO '${user}'@'%';`,
      );
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      this.track(this.cleanup(db, user));
      if (e.code && /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|PROTOCOL_CONNECTION_LOST/.test(e.code)) {
        throw new SqlUnavailableError(`${e.code} ${e.message}`.trim());
      }
      throw err;
    }
    const u = new URL(this.url);
    const conn: Connection = mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user,
      password,
      database: db,
      multipleStatements: true,
      rowsAsArray: true,
      connectTimeout: 3000,
    });
    try {
      return await this.execute(conn, query, opts);
    } finally {
      conn.destroy();
      this.track(this.cleanup(db, user));
    }
  }

  private readonly cleanups = new Set<Promise<void>>();
  private track(p: Promise<void>): void {
    this.cleanups.add(p);
    void p.finally(() => this.cleanups.delete(p));
  }

  private execute(conn: Connection, query: string, opts: { timeoutMs: number; maxRows: number }): Promise<MysqlResult> {
    return new Promise((resolve, reject) => {
      let current: MysqlResult | null = null;
      let truncated = false;
      let affected = 0;
      let killed: 'time' | null = null;
      const kill = () => {
        const tid = conn.threadId;
        if (tid) this.admin().query(`KILL QUERY ${Number(tid)}`, () => undefined);
      };
      const watchdog = setTimeout(() => {
        killed = 'time';
        kill();
      }, opts.timeoutMs);
      const q = conn.query(query);
      q.on('fields', (fields: FieldPacket[]) => {
        current = { columns: fields.map((f) => f.name), rows: [], truncated: false };
      });
      q.on('result', (row: unknown) => {
        if (Array.isArray(row) && current) {
          if (current.rows.length >= opts.maxRows) {
            if (!truncated) {
              truncated = true;
              current.truncated = true;
              kill();
            }
            return;
          }
          current.rows.push(row);
        } else if (row && typeof row === 'object' && 'affectedRows' in row) {
          affected += Number((row as { affectedRows: number }).affectedRows) || 0;
        }
      });
      q.on('error', (err: Error & { code?: string }) => {
        clearTimeout(watchdog);
        if (truncated && current) resolve(current);
        else if (killed === 'time' || err.code === 'ER_QUERY_INTERRUPTED' || err.code === 'ER_STATEMENT_TIMEOUT') {
          reject(new Error(`Query exceeded the time limit of ${opts.timeoutMs} ms and was stopped`));
        } else reject(err);
      });
      q.on('end', () => {
        clearTimeout(watchdog);
        if (current) resolve(current);
        else resolve({ columns: [], rows: [], truncated: false, message: `${affected} row(s) affected` });
      });
    });
  }

  private async cleanup(db: string, user: string): Promise<void> {
    try {
      await this.adminQuery(`DROP USER IF EXISTS '${user}'@'%'; DROP DATABASE IF EXISTS ${db};`);
    } catch {
      /* the server went away; nothing is left to clean */
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.cleanups]);
    const p = this.pool;
    this.pool = null;
    if (p) await new Promise<void>((r) => p.end(() => r()));
  }
}
