import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An HMAC key: the configured secret (set it on every API node in production), or 32 random
 * bytes generated once under `<dataDir>/secrets/<name>.key`. A file, not the database, so a
 * command-line tool can read it while the embedded database is held by the running server.
 */
export function secretKey(dataDir: string, name: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', `${name}.key`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const key = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process made it first.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
