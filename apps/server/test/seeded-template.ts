import { randomBytes } from 'node:crypto';
import { createDb } from '@invigil/db';
import { seed } from '@invigil/db/seed/index';
import pg from 'pg';

/**
 * The PostgreSQL tier's seeded database, migrated and seeded once per run (test/global-setup.ts):
 * each suite's database is a copy of it (CREATE DATABASE ... TEMPLATE, about 80 ms) where
 * migrating and seeding a new one took about 1.3 s; 85 suites pay that. The migrations still run
 * on PostgreSQL every run, once.
 */
export interface SeededTemplate {
  name: string;
  /** When the seed began (epoch ms): copies move their timestamps forward (seeded-snapshot.ts). */
  seededAt: number;
}

/** Runs `sql` on the server of `url` (its own database). */
export async function onServer(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates, migrates and seeds the template on the server of `url`; `drop` removes it. */
export async function writeSeededTemplate(url: string): Promise<SeededTemplate & { drop(): Promise<void> }> {
  const name = `invigil_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: at.toString(), poolSize: 2 });
  let seededAt: number;
  try {
    await database.migrate();
    seededAt = Date.now();
    await seed(database);
  } finally {
    // a template takes copies only while nobody is connected to it
    await database.close();
  }
  return { name, seededAt, drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
