import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSeededSnapshot, type SeededSnapshot } from './seeded-snapshot.ts';
import { writeSeededTemplate, type SeededTemplate } from './seeded-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded PGlite (absent on PostgreSQL). */
    seededSnapshot: SeededSnapshot | null;
    /** On PostgreSQL: the run's migrated and seeded database each suite's own is copied from. */
    seededTemplate: SeededTemplate | null;
  }
}

/**
 * Once per run, before any suite: the seeded database every `createTestApp` opens a copy of, a
 * PGlite tarball (seeded-snapshot.ts) or, on PostgreSQL, a template database (seeded-template.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('seededSnapshot', null);
    const { drop, ...template } = await writeSeededTemplate(url);
    project.provide('seededTemplate', template);
    return drop;
  }
  project.provide('seededTemplate', null);
  const dir = mkdtempSync(path.join(tmpdir(), 'invigil-seeded-'));
  project.provide('seededSnapshot', await writeSeededSnapshot(path.join(dir, 'seeded.tar')));
  return () => rmSync(dir, { recursive: true, force: true });
}
