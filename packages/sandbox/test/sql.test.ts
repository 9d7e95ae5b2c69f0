import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_TABLES, SqlEngine } from '../src/sql/index.ts';
import mysql from 'mysql2/promise';
import { MysqlRunner } from '../src/sql/mysql-runner.ts';

const engine = new SqlEngine();
afterAll(() => engine.close());

async function mariadbUp(): Promise<boolean> {
  const r = await engine.run('mysql', SAMPLE_TABLES, 'SELECT 1');
  return r.ok;
}
const hasMariadb = await mariadbUp();

describe.each(['sql', 'pgsql', 'mysql'] as const)('SQL dialect %s', (dialect) => {
  const skip = dialect === 'mysql' && !hasMariadb;

  it.skipIf(skip)('returns rows of a query', async () => {
    const r = await engine.run(
      dialect,
      SAMPLE_TABLES,
      'SELECT name, salary FROM employees WHERE salary > 70000 ORDER BY salary DESC',
    );
    expect(r.ok).toBe(true);
    expect(r.columns).toEqual(['name', 'salary']);
    expect(r.rows.map((x) => [x[0], Number(x[1])])).toEqual([
      ['Asha', 95000],
      ['Karan', 83000],
      ['Ravi', 72000],
    ]);
  });

  it.skipIf(skip)('reports a syntax error as sqlMessage', async () => {
    const r = await engine.run(dialect, SAMPLE_TABLES, 'SELEC name FROM employees');
    expect(r.ok).toBe(false);
    expect(r.sqlMessage).toMatch(/syntax/i);
  });

  it.skipIf(skip)(
    'stops a long query at its time limit',
    async () => {
      const q = {
        sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
        pgsql: 'SELECT pg_sleep(30)',
        mysql: 'SET STATEMENT max_statement_time=0 FOR SELECT SLEEP(30)',
      }[dialect];
      const r = await engine.run(dialect, SAMPLE_TABLES, q, { timeoutMs: 1000 });
      expect(r.ok).toBe(false);
      expect(r.sqlMessage).toMatch(/time limit/);
      expect(r.timeMs).toBeLessThan(5000);
      // The engine still answers after the stop.
      expect((await engine.run(dialect, SAMPLE_TABLES, 'SELECT 1', { timeoutMs: 20_000 })).ok).toBe(true);
    },
    40_000,
  );

  it.skipIf(skip)('writes never outlive the run', async () => {
    await engine.run(dialect, SAMPLE_TABLES, 'DELETE FROM employees');
    const r = await engine.run(dialect, SAMPLE_TABLES, 'SELECT count(*) FROM employees');
    expect(Number(r.rows[0][0])).toBe(5);
  });

  it.skipIf(skip)('cannot read host files', async () => {
    const q = {
      sql: "ATTACH DATABASE '/etc/passwd' AS p; SELECT * FROM p.sqlite_master",
      pgsql: "SELECT pg_read_file('/etc/passwd')",
      mysql: "SELECT LOAD_FILE('/etc/passwd')",
    }[dialect];
    const r = await engine.run(dialect, SAMPLE_TABLES, q);
    expect(JSON.stringify(r.rows)).not.toContain('root:');
  });
});

describe('SQL escapes', () => {
  it('pgsql: a COMMIT that leaves the run transaction persists nothing', async () => {
    await engine.run('pgsql', SAMPLE_TABLES, 'COMMIT; CREATE TABLE leaked (a int); INSERT INTO leaked VALUES (1)');
    const r = await engine.run('pgsql', [], 'SELECT count(*) FROM leaked', { timeoutMs: 20_000 });
    expect(r.ok).toBe(false);
    expect(r.sqlMessage).toMatch(/does not exist/);
  }, 40_000);

  it.skipIf(!hasMariadb)('mysql: the run user may not write, write files or see other databases', async () => {
    const w = await engine.run('mysql', SAMPLE_TABLES, 'INSERT INTO employees (id) VALUES (9)');
    expect(w.sqlMessage).toMatch(/denied/i);
    const f = await engine.run('mysql', SAMPLE_TABLES, "SELECT 1 INTO OUTFILE '/tmp/invigil-leak'");
    expect(f.sqlMessage).toMatch(/denied/i);
    const d = await engine.run('mysql', SAMPLE_TABLES, 'SELECT user FROM mysql.user');
    expect(d.ok).toBe(false);
  });

  it.skipIf(!hasMariadb)(
    'mysql: reused databases and accounts: password changes, parallel runs, nothing left after close',
    async () => {
      const runner = new MysqlRunner();
      const opts = { timeoutMs: 2000, maxRows: 100 };
      const setup = 'CREATE TABLE t (a INT) ENGINE=MEMORY; INSERT INTO t VALUES (1), (2);';
      // A run may change its own account's password: the next run must still get in.
      await runner.run(setup, "SET PASSWORD = PASSWORD('taken-over')", opts).catch(() => undefined);
      const results = await Promise.all(
        Array.from({ length: 9 }, (_, i) => runner.run(setup, `SELECT count(*) + ${i} FROM t`, opts)),
      );
      expect(results.map((r) => Number(r.rows[0][0]))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const stopped = await runner
        .run(setup, 'SET STATEMENT max_statement_time=0 FOR SELECT SLEEP(30)', { timeoutMs: 500, maxRows: 10 })
        .catch((e: Error) => e);
      expect(String(stopped)).toMatch(/time limit/);
      expect(Number((await runner.run(setup, 'SELECT sum(a) FROM t', opts)).rows[0][0])).toBe(3);
      const tag = (runner as unknown as { tag: string }).tag;
      await runner.close();
      const root = await mysql.createConnection({ host: '127.0.0.1', user: 'root' });
      const [dbs] = await root.query(
        `SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'invigil\\_q\\_${tag}\\_%'`,
      );
      const [users] = await root.query(`SELECT user FROM mysql.user WHERE user LIKE 'invigil\\_ro\\_${tag}\\_%'`);
      await root.end();
      expect(dbs).toEqual([]);
      expect(users).toEqual([]);
    },
    40_000,
  );

  it('mysql: a missing server gives a clear message', async () => {
    const runner = new MysqlRunner('mysql://root@127.0.0.1:1');
    await expect(runner.run('', 'SELECT 1', { timeoutMs: 1000, maxRows: 10 })).rejects.toThrow(
      /need a MariaDB or MySQL server/,
    );
    await runner.close();
  });
});
