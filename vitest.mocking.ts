import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The test files under `dirs` (relative to `root`, posix paths) that replace a module with
 * vi.mock or vi.doMock. Such a file needs a module registry of its own; the others share their
 * worker's (isolate off, ADR 0243). Read from the files so a new mocking test cannot end up in a
 * shared registry by being left off a list.
 */
export function mockingTests(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  for (const dir of dirs)
    for (const name of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.test\.tsx?$/.test(name)) continue;
      const rel = path.posix.join(dir, name.split(path.sep).join('/'));
      if (/\bvi\s*\.\s*(doMock|mock)\s*\(/.test(readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
    }
  return found.sort();
}
