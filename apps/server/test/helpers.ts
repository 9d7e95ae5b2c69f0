import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb, type Database } from '@invigil/db';
import { seed } from '@invigil/db/seed/index';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openSeededSnapshot, shiftTimestamps } from './seeded-snapshot.ts';
import { onServer, type SeededTemplate } from './seeded-template.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';

/** Which database a suite runs on: PGlite in memory, or TEST_DATABASE_URL when set. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const dbKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * On PostgreSQL each suite gets a database of its own (a copy of the run's seeded template, or a
 * new empty one; dropped on close), so suites run in parallel without sharing rows.
 */
async function createScratchDatabase(url: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `invigil_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
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
 * The run's seeded snapshot on PGlite, or on PostgreSQL a copy of its seeded template
 * (test/global-setup.ts), timestamps moved to now; otherwise a database migrated and seeded here
 * (a run without the global set-up).
 */
async function openSeededDatabase(scratch: { url: string; template?: SeededTemplate } | null): Promise<Database> {
  const snapshot = scratch ? null : inject('seededSnapshot');
  if (snapshot) return openSeededSnapshot(snapshot);
  const database = await createDb({ databaseUrl: scratch?.url, poolSize: 5 });
  if (scratch?.template) {
    await shiftTimestamps(database, Date.now() - scratch.template.seededAt);
    return database;
  }
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
  const template = TEST_DATABASE_URL ? (inject('seededTemplate') ?? undefined) : undefined;
  const scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL, template?.name) : null;
  const database = await openSeededDatabase(scratch && { url: scratch.url, template });
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
