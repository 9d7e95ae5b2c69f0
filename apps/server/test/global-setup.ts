import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSeededSnapshot, type SeededSnapshot } from './seeded-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded PGlite (absent on PostgreSQL, where each suite gets a database). */
    seededSnapshot: SeededSnapshot | null;
  }
}

/** Once per run, before any suite: the seeded PGlite every `createTestApp` opens (seeded-snapshot.ts). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('seededSnapshot', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'invigil-seeded-'));
  project.provide('seededSnapshot', await writeSeededSnapshot(path.join(dir, 'seeded.tar')));
  return () => rmSync(dir, { recursive: true, force: true });
}
