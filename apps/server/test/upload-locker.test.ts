import type { Database } from '@invigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingsRepository } from '../src/modules/recordings/recordings.repository.ts';
import { PgUploadLocker } from '../src/modules/recordings/upload-locker.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * tus upload locks shared through the database (ADR 0160): two lockers stand for two API nodes.
 * A request on one node for an upload the other holds asks it to let go and then gets it; a
 * holder that never lets go (a dead node) loses its lock when the lease runs out.
 */
describe('upload locks across nodes', () => {
  let t: TestApp;
  let db: Database;
  let a: PgUploadLocker;
  let b: PgUploadLocker;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database;
    const repo = new RecordingsRepository(db);
    a = new PgUploadLocker(db, repo, { leaseMs: 600, pollMs: 20, acquireTimeoutMs: 5000 });
    b = new PgUploadLocker(db, repo, { leaseMs: 600, pollMs: 20, acquireTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  it('hands an upload over when the holder is asked to let go', async () => {
    const first = a.newLock('up-1');
    let asked = 0;
    await first.lock(new AbortController().signal, async () => {
      asked++;
      await first.unlock();
    });
    const second = b.newLock('up-1');
    await second.lock(new AbortController().signal, () => undefined);
    expect(asked).toBeGreaterThanOrEqual(1);
    await second.unlock();
  });

  it('takes the lock of a holder that went silent once its lease ran out', async () => {
    const dead = a.newLock('up-2');
    await dead.lock(new AbortController().signal, () => undefined);
    // a node that died: it neither lets go nor renews
    const renewing = (dead as unknown as { renew: NodeJS.Timeout }).renew;
    clearInterval(renewing);
    const started = Date.now();
    const next = b.newLock('up-2');
    await next.lock(new AbortController().signal, () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await next.unlock();
  });

  it('gives up when the lock does not come in time', async () => {
    const quick = new PgUploadLocker(db, new RecordingsRepository(db), {
      leaseMs: 5000,
      pollMs: 20,
      acquireTimeoutMs: 200,
    });
    const held = a.newLock('up-3');
    await held.lock(new AbortController().signal, () => undefined);
    await expect(quick.newLock('up-3').lock(new AbortController().signal, () => undefined)).rejects.toMatchObject({
      status_code: 500,
    });
    await held.unlock();
    await quick.close();
  });
});
