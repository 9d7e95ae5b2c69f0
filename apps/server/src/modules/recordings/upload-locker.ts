import { randomUUID } from 'node:crypto';
import type { Database } from '@invigil/db';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { RecordingsRepository } from './recordings.repository.ts';

const RELEASE_CHANNEL = 'upload_release';

export interface LockerOptions {
  /** a held lock's lease, renewed at a third of it while its request runs */
  leaseMs: number;
  /** how often a waiting request looks again */
  pollMs: number;
  /** a request that cannot get the lock in this time fails (tus answers 500, the client retries) */
  acquireTimeoutMs: number;
}

const DEFAULTS: LockerOptions = { leaseMs: 15_000, pollMs: 100, acquireTimeoutMs: 20_000 };

/**
 * tus locks shared by every API node (the default MemoryLocker locks one process only): a lease
 * row per upload in PostgreSQL. A request for an upload another request holds asks the holder to
 * let go (NOTIFY upload_release; every node LISTENs and tells its own holder, which ends its
 * request), then takes the row when it is free or the holder's lease ran out (a node that died).
 * So a client that reconnects to another node after a dropped link resumes at once, and two
 * requests never write one upload.
 */
export class PgUploadLocker implements Locker {
  readonly options: LockerOptions;
  /** requests of this node holding a lock, by upload id: how to ask them to let go */
  private readonly held = new Map<string, RequestRelease>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    readonly repo: RecordingsRepository,
    options: Partial<LockerOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  newLock(id: string): Lock {
    return new PgUploadLock(id, this);
  }

  /** LISTEN once (lazily: a node that never takes an upload keeps no listener). */
  ensureListening(): Promise<unknown> {
    this.listening ??= this.database.listen(RELEASE_CHANNEL, (id) => void this.held.get(id)?.());
    return this.listening;
  }

  hold(id: string, release: RequestRelease) {
    this.held.set(id, release);
  }

  drop(id: string, release: RequestRelease) {
    if (this.held.get(id) === release) this.held.delete(id);
  }

  askRelease(id: string) {
    return this.repo.notifyRelease(RELEASE_CHANNEL, id);
  }

  async close() {
    const stop = await this.listening;
    this.listening = null;
    await stop?.();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class PgUploadLock implements Lock {
  private readonly holder = randomUUID();
  private renew: NodeJS.Timeout | null = null;
  private release: RequestRelease | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PgUploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { leaseMs, pollMs, acquireTimeoutMs } = this.locker.options;
    await this.locker.ensureListening();
    const deadline = Date.now() + acquireTimeoutMs;
    let asked = 0;
    while (!(await this.locker.repo.tryLock(this.id, this.holder, leaseMs))) {
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // Ask the holder (on whichever node) to end its request; again every second while waiting.
      if (Date.now() - asked > 1000) {
        asked = Date.now();
        await this.locker.askRelease(this.id);
      }
      await sleep(pollMs);
    }
    this.release = requestRelease;
    this.locker.hold(this.id, requestRelease);
    this.renew = setInterval(() => {
      void this.locker.repo.tryLock(this.id, this.holder, leaseMs).catch(() => undefined);
    }, leaseMs / 3);
    this.renew.unref();
  }

  async unlock(): Promise<void> {
    if (this.renew) clearInterval(this.renew);
    this.renew = null;
    if (this.release) this.locker.drop(this.id, this.release);
    this.release = null;
    await this.locker.repo.unlock(this.id, this.holder);
  }
}
