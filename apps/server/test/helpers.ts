import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb, type Database } from '@invigil/db';
import { seed } from '@invigil/db/seed/index';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openSeededSnapshot } from './seeded-snapshot.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';

/** Which database a suite runs on: PGlite in memory, or TEST_DATABASE_URL when set. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const dbKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * On PostgreSQL each suite gets a database of its own (created from TEST_DATABASE_URL's
 * server and dropped on close), so suites run in parallel without sharing rows.
 */
async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `invigil_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The suite's scratch PostgreSQL database (a second node can connect to it); absent on PGlite. */
  databaseUrl?: string;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The run's seeded snapshot on PGlite (test/global-setup.ts); otherwise a database migrated and
 * seeded here (PostgreSQL, or a run without the global set-up).
 */
async function openSeededDatabase(databaseUrl: string | undefined): Promise<Database> {
  const snapshot = databaseUrl ? null : inject('seededSnapshot');
  if (snapshot) return openSeededSnapshot(snapshot);
  const database = await createDb({ databaseUrl, poolSize: 5 });
  await database.migrate();
  await seed(database);
  return database;
}

/** A fully built app on a fresh, migrated and seeded database; logs off unless `logger` is given. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'executor' | 'analyzer' | 'uploads'> & { logger?: object } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-test-'));
  const scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL) : null;
  const database = await openSeededDatabase(scratch?.url);
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir,
    webDist: undefined,
    logLevel: 'silent',
    queue: false,
    seedOnStart: false,
    loginRatePerMinute: 1000,
    ...overrides,
  };
  const { logger, ...build } = options;
  const app = await buildApp(config, { database, ...build, logger: logger ?? false });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: scratch?.url,
    config,
    // Each step runs even when an earlier one throws (an app a test already shut down), so the
    // scratch database is always dropped.
    async close() {
      try {
        await app.close();
      } finally {
        try {
          await database.close();
        } finally {
          await scratch?.drop();
        }
      }
    },
  };
}

/** Signs in and returns the bearer token (regen so earlier sessions of the suite don't block). */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userName: email, password, regen: true },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const DEMO = {
  candidate: { email: 'candidate@example.com', password: 'Candidate@123' },
  candidate2: { email: 'candidate2@example.com', password: 'Candidate@123' },
  support: { email: 'support@example.com', password: 'Support@123' },
  admin: { email: 'admin@example.com', password: 'Admin@1234' },
} as const;
