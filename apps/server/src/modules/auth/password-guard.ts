import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import { hashPassword, verifyPassword } from '@invigil/db/passwords';
import type { FailedNameRepository } from './failed-name.repository.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

/** A password check: right, wrong with attempts left, or the account is (now) locked. */
export type PasswordCheck =
  { ok: true; user: UserRow } | { ok: false; locked: true } | { ok: false; locked: false; remaining: number };

let dummy: Promise<string> | undefined;
/** A hash of a random password with the same scrypt cost as real ones, made once per process. */
const dummyHash = () => (dummy ??= hashPassword(randomBytes(18).toString('base64url')));

/**
 * Password checks with the lockout rule (MAX_LOGIN_ATTEMPTS wrong passwords lock for
 * LOCK_MINUTES), for sign-in and for the old password of a password change: both are guesses
 * at the same secret, so they share one count. An unknown account name costs the same scrypt
 * work against a dummy hash and counts down and locks the same way (its count kept by name in
 * the database), so neither the reply nor its time tells whether an account exists.
 */
export class PasswordGuard {
  constructor(
    private readonly users: UserRepository,
    private readonly failedNames: FailedNameRepository,
    private readonly config: Pick<AppConfig, 'maxLoginAttempts' | 'lockMinutes'>,
  ) {}

  async check(user: UserRow | null, name: string, password: string): Promise<PasswordCheck> {
    const now = Date.now();
    const state = user ?? (await this.failedNames.find(name)) ?? { failedAttempts: 0, lockedUntil: null };
    if (state.lockedUntil && state.lockedUntil.getTime() > now) return { ok: false, locked: true };
    // An account without a password yet (imported, ADR 0153) costs the same scrypt work as any other.
    const hash = user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : await dummyHash();
    const right = (await verifyPassword(password, hash)) && !!user;
    if (right && user) {
      if (user.failedAttempts || user.lockedUntil) await this.users.clearFailures(user.id);
      return { ok: true, user };
    }
    // A lock that has run out gives the account a fresh set of attempts.
    const failed = (state.lockedUntil ? 0 : state.failedAttempts) + 1;
    const remaining = Math.max(0, this.config.maxLoginAttempts - failed);
    const lockedUntil = remaining === 0 ? new Date(now + this.config.lockMinutes * 60_000) : null;
    if (user) await this.users.recordFailure(user.id, failed, lockedUntil);
    else await this.failedNames.record(name, failed, lockedUntil);
    return remaining === 0 ? { ok: false, locked: true } : { ok: false, locked: false, remaining };
  }
}
