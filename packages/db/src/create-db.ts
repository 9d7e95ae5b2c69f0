import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  /** Drizzle handle; the same query API on PGlite and node-postgres. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL with positional parameters ($1...). Used by pg-boss and the repositories; a
   * repository names the row shape it selects (`executeSql<AttemptRow>(...)`).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers without a row type (pg-boss)
  executeSql<Row = any>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL pool use (metrics); absent on PGlite, which is one embedded connection. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export interface CreateDbOptions {
  /** postgres://... to use a PostgreSQL server; otherwise PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; omitted means in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a free connection before it fails (ms; 0 waits for ever). */
  poolWaitMs?: number;
}

/** Opens the database: PGlite (embedded default) or a PostgreSQL server through DATABASE_URL. */
export async function createDb(options: CreateDbOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      connectionTimeoutMillis: options.poolWaitMs ?? 0,
    });
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      executeSql: async <Row>(text: string, values?: unknown[]) => {
        const result = await pool.query(text, values);
        return { rows: result.rows as Row[] };
      },
      migrate: async () => migratePg(db, { migrationsFolder }),
      close: async () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    executeSql: async <Row>(text: string, values?: unknown[]) => {
      if (values && values.length > 0) return { rows: (await client.query<Row>(text, values)).rows };
      // Multi-statement text (pg-boss migrations) needs exec; return the last result's rows.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    },
    migrate: async () => migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder }),
    close: async () => client.close(),
  };
}
