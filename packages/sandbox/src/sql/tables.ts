import type { SqlDialect } from '../types.ts';

/** A data table of a SQL question (the spec's getTables rows; kept in the question's content). */
export interface SqlTable {
  name: string;
  columns: { name: string; type?: string }[];
  rows: unknown[][];
}

/** Result of one SQL run: the last result set, or the message of the last statement. */
export interface SqlOutcome {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  /** Set when the query failed (the spec's sqlMessage) or produced no rows to show. */
  sqlMessage?: string;
  ok: boolean;
  timeMs: number;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function columnType(dialect: SqlDialect, type = 'text'): string {
  const t = type.toLowerCase();
  if (/^(int|integer|bigint|smallint|serial)$/.test(t)) return dialect === 'sql' ? 'INTEGER' : 'BIGINT';
  if (/^(real|double|float|decimal|numeric|number)/.test(t))
    return dialect === 'sql' ? 'REAL' : dialect === 'pgsql' ? 'NUMERIC' : 'DECIMAL(18,4)';
  if (/^date$/.test(t)) return 'DATE';
  if (/^(timestamp|datetime)$/.test(t))
    return dialect === 'pgsql' ? 'TIMESTAMP' : dialect === 'mysql' ? 'DATETIME' : 'TEXT';
  if (/^(bool|boolean)$/.test(t)) return dialect === 'sql' ? 'INTEGER' : 'BOOLEAN';
  return dialect === 'mysql' ? 'VARCHAR(255)' : 'TEXT';
}

function literal(dialect: SqlDialect, v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (typeof v === 'boolean') return dialect === 'sql' ? (v ? '1' : '0') : v ? 'TRUE' : 'FALSE';
  let s = String(v).replace(/'/g, "''");
  if (dialect === 'mysql') s = s.replace(/\\/g, '\\\\');
  return `'${s}'`;
}

/** DDL and INSERTs that build the question's tables in a dialect (the server writes this SQL, never the candidate). */
export function setupSql(dialect: SqlDialect, tables: SqlTable[]): string {
  const out: string[] = [];
  for (const t of tables) {
    if (!IDENT.test(t.name)) throw new Error(`invalid table name: ${t.name}`);
    for (const c of t.columns) if (!IDENT.test(c.name)) throw new Error(`invalid column name: ${c.name}`);
    // MEMORY tables: a run's database is created and dropped in a few milliseconds.
    const engine = dialect === 'mysql' ? ' ENGINE=MEMORY' : '';
    out.push(
      `CREATE TABLE ${t.name} (${t.columns.map((c) => `${c.name} ${columnType(dialect, c.type)}`).join(', ')})${engine};`,
    );
    if (t.rows.length) {
      out.push(
        `INSERT INTO ${t.name} (${t.columns.map((c) => c.name).join(', ')}) VALUES ${t.rows.map((r) => `(${t.columns.map((_, i) => literal(dialect, r[i])).join(', ')})`).join(', ')};`,
      );
    }
  }
  return out.join('\n');
}

/** Tables used by SQL questions that define none of their own (and by GET /test/getTables without a question). */
export const SAMPLE_TABLES: SqlTable[] = [
  {
    name: 'departments',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'text' },
      { name: 'location', type: 'text' },
    ],
    rows: [
      [1, 'Engineering', 'Pune'],
      [2, 'Sales', 'Mumbai'],
      [3, 'Finance', 'Delhi'],
    ],
  },
  {
    name: 'employees',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'text' },
      { name: 'department_id', type: 'int' },
      { name: 'salary', type: 'int' },
      { name: 'hired_on', type: 'date' },
    ],
    rows: [
      [1, 'Asha', 1, 95000, '2019-04-01'],
      [2, 'Ravi', 1, 72000, '2021-07-15'],
      [3, 'Meera', 2, 61000, '2020-01-20'],
      [4, 'Karan', 3, 83000, '2018-11-05'],
      [5, 'Divya', 2, 58000, '2022-03-09'],
    ],
  },
];

/** Rows compared as JSON text, numbers normalised (5, 5.0 and '5' from different drivers match). */
export function normaliseRows(rows: unknown[][]): string[] {
  return rows.map((r) =>
    JSON.stringify(
      r.map((v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'bigint') return Number(v);
        if (v instanceof Date) return v.toISOString().slice(0, 10);
        if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
        return v;
      }),
    ),
  );
}
