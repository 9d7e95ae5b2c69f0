import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import { hashPassword, verifyPassword } from '@invigil/db/passwords';
import type { UserRepository, UserRow } from './user.repository.ts';

/** A password check: right, wrong with attempts left, or the account is (now) locked. */
export type PasswordCheck =
  { ok: true; user: UserRow } | { ok: false; locked: true } | { ok: false; locked: false; remaining: number };

/** Names of unknown accounts whose failures are counted in memory (oldest forgotten first). */
const UNKNOWN_MAX = 10_000;

let dummy: Promise<string> | undefined;
/** A hash of a random password with the same scrypt cost as real ones, made once per process. */
const dummyHash = () => (dummy ??= hashPassword(randomBytes(18).toString('base64url')));

/**
 * Password checks with the lockout rule (MAX_LOGIN_ATTEMPTS wrong passwords lock for
 * LOCK_MINUTES), for sign-in and for the old password of a password change: both are guesses
 * at the same secret, so they share one count. An unknown account name costs the same scrypt
 * work against a dummy hash and counts down and locks the same way (in this process's memory),
 * so neither the reply nor its time tells whether an account exists.
 */
export class PasswordGuard {
  private readonly unknown = new Map<string, { failed: number; lockedUntil: number | null }>();

  constructor(
    private readonly users: UserRepository,
    private readonly config: Pick<AppConfig, 'maxLoginAttempts' | 'lockMinutes'>,
  ) {}

  async check(user: UserRow | null, name: string, password: string): Promise<PasswordCheck> {
    const now = Date.now();
    const state = user
      ? { failed: user.failedAttempts, lockedUntil: user.lockedUntil?.getTime() ?? null }
      : (this.unknown.get(name) ?? { failed: 0, lockedUntil: null });
    if (state.lockedUntil !== null && state.lockedUntil > now) return { ok: false, locked: true };
    const right = await verifyPassword(password, user ? user.passwordHash : await dummyHash());
    if (right && user) {
      if (user.failedAttempts || user.lockedUntil) await this.users.clearFailures(user.id);
      return { ok: true, user };
    }
    // A lock that has run out gives the account a fresh set of attempts.
    const failed = (state.lockedUntil !== null ? 0 : state.failed) + 1;
    const remaining = Math.max(0, this.config.maxLoginAttempts - failed);
    const lockedUntil = remaining === 0 ? new Date(now + this.config.lockMinutes * 60_000) : null;
    if (user) await this.users.recordFailure(user.id, failed, lockedUntil);
    else this.rememberUnknown(name, failed, lockedUntil?.getTime() ?? null);
    return remaining === 0 ? { ok: false, locked: true } : { ok: false, locked: false, remaining };
  }

  private rememberUnknown(name: string, failed: number, lockedUntil: number | null) {
    this.unknown.delete(name);
    if (this.unknown.size >= UNKNOWN_MAX) {
      const oldest = this.unknown.keys().next().value;
      if (oldest !== undefined) this.unknown.delete(oldest);
    }
    this.unknown.set(name, { failed, lockedUntil });
  }
}
