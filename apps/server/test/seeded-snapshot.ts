import { readFile, writeFile } from 'node:fs/promises';
import { createDb, type Database } from '@invigil/db';
import { seed } from '@invigil/db/seed/index';

/**
 * A migrated and seeded PGlite database, made once per test run (test/global-setup.ts) and
 * opened by every suite's `createTestApp`. Opening the tarball takes about half a second, where a
 * fresh PGlite (initdb), the migrations and the seed take 3-5 s on this machine's kind: 84 suites
 * pay that, so a run saves minutes.
 */
export interface SeededSnapshot {
  /** The tarball written by PGlite's dumpDataDir. */
  file: string;
  /** When the seed began (epoch ms): the seed writes times relative to its own clock. */
  seededAt: number;
}

/** Migrates and seeds a fresh PGlite and writes it to `file`. */
export async function writeSeededSnapshot(file: string): Promise<SeededSnapshot> {
  const database = await createDb();
  try {
    await database.migrate();
    const seededAt = Date.now();
    await seed(database);
    const tarball = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return { file, seededAt };
  } finally {
    await database.close();
  }
}

/**
 * Opens a copy of the snapshot, with every timestamp moved forward by the time since it was
 * seeded: what the seed calls "ten minutes ago" or "closes in five minutes" stays true whenever a
 * suite opens it, exactly as if the seed had just run. (The seed writes no absolute dates, and
 * no table has a trigger an update would fire.)
 */
export async function openSeededSnapshot(snapshot: SeededSnapshot): Promise<Database> {
  const tarball = new Blob([await readFile(snapshot.file)]);
  const database = await createDb({ loadDataDir: tarball });
  await shiftTimestamps(database, Date.now() - snapshot.seededAt);
  return database;
}

/** Moves every timestamp of the database forward by `ms` (see openSeededSnapshot). */
export async function shiftTimestamps(database: Database, ms: number) {
  const { rows } = await database.executeSql<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text) AS columns FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type LIKE 'timestamp%' GROUP BY table_name`,
    [],
  );
  const by = `interval '${Math.round(ms)} milliseconds'`;
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const updates = rows.map(
    (r) => `UPDATE ${quote(r.table_name)} SET ${r.columns.map((c) => `${quote(c)} = ${quote(c)} + ${by}`).join(', ')};`,
  );
  if (updates.length > 0) await database.executeSql(updates.join('\n'));
}
