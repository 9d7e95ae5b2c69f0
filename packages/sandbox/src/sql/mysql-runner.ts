import { createHash, randomBytes } from 'node:crypto';
import mysql from 'mysql2';
import type { Connection, FieldPacket, Pool } from 'mysql2';

/** MariaDB/MySQL is not reachable: mysql questions cannot run on this server. */
export class SqlUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `MySQL questions need a MariaDB or MySQL server (MYSQL_URL, default mysql://root@127.0.0.1:3306); it is not available: ${detail}`,
    );
    this.name = 'SqlUnavailableError';
  }
}

export interface MysqlResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  message?: string;
}

interface Account {
  user: string;
  password: string;
}

/** A question's tables built once in their own database, with SELECT-only accounts to run in. */
interface Prepared {
  db: string;
  ready: Promise<void>;
  free: Account[];
  accounts: number;
  busy: number;
  waiters: ((a: Account | null) => void)[];
  maxStatementSec: number;
}

const MAX_PREPARED = 16;
const ACCOUNTS_PER_DB = 4;

/**
 * Runs candidates' SQL on MariaDB. A question's tables are built once (per setup and time limit)
 * in a database of their own and kept (at most 16, least recently used dropped); each run logs in
 * as one of up to 4 accounts of that database that may only SELECT from it (no FILE, no writes,
 * no temporary tables, no other database, one connection, the session's max_statement_time), so
 * nothing a run does reaches the next run and concurrent runs never share an account. A watchdog
 * issues KILL QUERY on time (candidates can lift max_statement_time with SET STATEMENT) or when
 * the row cap is reached; an account whose run did not end cleanly (stopped, or it changed its
 * own password) is dropped, never reused. Everything is dropped on close().
 */
export class MysqlRunner {
  private pool: Pool | null = null;
  private readonly prepared = new Map<string, Prepared>();
  private readonly tag = `${process.pid.toString(36)}${randomBytes(3).toString('hex')}`;
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

  private unavailable(err: unknown): Error {
    const e = err as NodeJS.ErrnoException;
    if (e.code && /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|PROTOCOL_CONNECTION_LOST/.test(e.code)) {
      return new SqlUnavailableError(`${e.code} ${e.message}`.trim());
    }
    return err as Error;
  }

  private database(setup: string, maxStatementSec: number): Prepared {
    const key = `${createHash('sha256').update(setup).digest('hex')}:${maxStatementSec}`;
    let p = this.prepared.get(key);
    if (p) {
      this.prepared.delete(key);
      this.prepared.set(key, p);
      return p;
    }
    const db = `invigil_q_${this.tag}_${randomBytes(5).toString('hex')}`;
    const entry: Prepared = {
      db,
      ready: Promise.resolve(),
      free: [],
      accounts: 0,
      busy: 0,
      waiters: [],
      maxStatementSec,
    };
    entry.ready = this.adminQuery(`CREATE DATABASE ${db}; USE ${db}; ${setup}`).then(
      () => undefined,
      (err) => {
        if (this.prepared.get(key) === entry) this.prepared.delete(key);
        this.track(
          this.adminQuery(`DROP DATABASE IF EXISTS ${db}`).then(
            () => undefined,
            () => undefined,
          ),
        );
        throw this.unavailable(err);
      },
    );
    entry.ready.catch(() => undefined);
    this.prepared.set(key, entry);
    p = entry;
    // Least recently used, idle databases go first.
    for (const [k, old] of this.prepared) {
      if (this.prepared.size <= MAX_PREPARED) break;
      if (old.busy === 0 && old !== entry) {
        this.prepared.delete(k);
        this.track(this.dropAll(old));
      }
    }
    return p;
  }

  private async acquire(p: Prepared): Promise<Account> {
    const free = p.free.pop();
    if (free) return free;
    if (p.accounts < ACCOUNTS_PER_DB) {
      p.accounts++;
      const account = {
        user: `invigil_ro_${this.tag}_${randomBytes(6).toString('hex')}`,
        password: randomBytes(18).toString('base64url'),
      };
      try {
        await this.adminQuery(
          `CREATE USER '${account.user}'@'%' IDENTIFIED BY '${account.password}' WITH MAX_USER_CONNECTIONS 1 MAX_STATEMENT_TIME ${p.maxStatementSec};
           GRANT SELECT ON ${p.db}.* TO '${account.user}'@'%';`,
        );
      } catch (err) {
        p.accounts--;
        this.track(this.dropUser(account.user));
        throw this.unavailable(err);
      }
      return account;
    }
    const next = await new Promise<Account | null>((resolve) => p.waiters.push(resolve));
    return next ?? this.acquire(p);
  }

  /** Back to the pool after a clean run; otherwise dropped (a waiter then gets a fresh account). */
  private release(p: Prepared, account: Account, clean: boolean): void {
    if (!clean) {
      p.accounts--;
      this.track(this.dropUser(account.user));
      p.waiters.shift()?.(null);
      return;
    }
    const waiter = p.waiters.shift();
    if (waiter) waiter(account);
    else p.free.push(account);
  }

  async run(setup: string, query: string, opts: { timeoutMs: number; maxRows: number }): Promise<MysqlResult> {
    const p = this.database(setup, Math.ceil(opts.timeoutMs / 1000));
    p.busy++;
    try {
      await p.ready;
      for (let attempt = 0; ; attempt++) {
        const account = await this.acquire(p);
        let conn: Connection;
        try {
          conn = await this.connect(p.db, account);
        } catch (err) {
          const code = (err as { code?: string }).code;
          // Its previous run changed the account's password (drop it), or its last connection is still closing.
          this.release(p, account, code !== 'ER_ACCESS_DENIED_ERROR');
          if (
            (code === 'ER_ACCESS_DENIED_ERROR' ||
              code === 'ER_USER_LIMIT_REACHED' ||
              code === 'ER_TOO_MANY_USER_CONNECTIONS') &&
            attempt < 5
          ) {
            await new Promise((r) => setTimeout(r, 10 * attempt));
            continue;
          }
          throw this.unavailable(err);
        }
        let clean = false;
        try {
          const result = await this.execute(conn, query, opts);
          clean = !result.truncated;
          return result;
        } catch (err) {
          // An SQL error ends the statement cleanly; a stop at the time limit may not have yet.
          clean = !/time limit/.test((err as Error).message);
          throw err;
        } finally {
          this.hangUp(conn, () => this.release(p, account, clean));
        }
      }
    } finally {
      p.busy--;
    }
  }

  /**
   * Closes a run's connection; `done` runs once the server has let it go (COM_QUIT answered, or
   * at most 1 s later), so the account's single connection is free before anyone reuses it.
   */
  private hangUp(conn: Connection, done: () => void): void {
    let called = false;
    const finish = () => {
      if (called) return;
      called = true;
      clearTimeout(timer);
      conn.destroy();
      done();
    };
    const timer = setTimeout(finish, 1000);
    try {
      conn.end(() => finish());
    } catch {
      finish();
    }
  }

  private connect(db: string, account: Account): Promise<Connection> {
    const u = new URL(this.url);
    const conn: Connection = mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: account.user,
      password: account.password,
      database: db,
      multipleStatements: true,
      rowsAsArray: true,
      connectTimeout: 3000,
    });
    conn.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      conn.connect((err) => {
        if (err) {
          conn.destroy();
          reject(err);
        } else resolve(conn);
      });
    });
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
      q.on('fields', (fields: FieldPacket[] | undefined) => {
        // mysql2 also reports statements without a result set (SET PASSWORD, ...) with no fields.
        if (!Array.isArray(fields)) return;
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

  private async dropUser(user: string): Promise<void> {
    try {
      await this.adminQuery(`DROP USER IF EXISTS '${user}'@'%'`);
    } catch {
      /* the server went away; nothing is left to clean */
    }
  }

  private async dropAll(p: Prepared): Promise<void> {
    await p.ready.catch(() => undefined);
    const users = p.free.splice(0).map((a) => `DROP USER IF EXISTS '${a.user}'@'%';`);
    try {
      await this.adminQuery(`${users.join(' ')} DROP DATABASE IF EXISTS ${p.db};`);
    } catch {
      /* the server went away */
    }
  }

  async close(): Promise<void> {
    for (const p of this.prepared.values()) this.track(this.dropAll(p));
    this.prepared.clear();
    await Promise.all([...this.cleanups]);
    const p = this.pool;
    this.pool = null;
    if (p) await new Promise<void>((r) => p.end(() => r()));
  }
}
