import {
  LOGIN_ALREADY,
  LOGIN_REGENERATED,
  LOGIN_SUCCESS,
  MESSAGES,
  remainingAttemptsMessage,
  type LoginResponse,
} from '@invigil/contracts';
import type { AppConfig } from '../../config.ts';
import { verifyPassword } from '@invigil/db/passwords';
import { newToken } from '../../lib/tokens.ts';
import type { SessionRepository } from './session.repository.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

export interface LoginOutcome {
  httpStatus: number;
  body: LoginResponse;
}

interface Meta {
  userAgent?: string;
  ip?: string;
}

/** Sign-in rules: lockout after repeated failures, one active session per user, regen. */
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly config: Pick<AppConfig, 'maxLoginAttempts' | 'lockMinutes'>,
  ) {}

  async login(userName: string, password: string, regen: boolean, meta: Meta): Promise<LoginOutcome> {
    const user = await this.users.findByEmail(userName.trim().toLowerCase());
    if (!user) {
      // Same words as a wrong password; no attempt count, so unknown accounts are not revealed.
      return { httpStatus: 401, body: { status: 'FAILURE', message: MESSAGES.wrongCredentials } };
    }
    const now = Date.now();
    const locked = user.lockedUntil && user.lockedUntil.getTime() > now;
    if (locked) return this.lockedOutcome();
    // A lock that has run out gives the account a fresh set of attempts.
    const failedSoFar = user.lockedUntil ? 0 : user.failedAttempts;
    if (!(await verifyPassword(password, user.passwordHash))) {
      const failed = failedSoFar + 1;
      const remaining = Math.max(0, this.config.maxLoginAttempts - failed);
      const lockedUntil = remaining === 0 ? new Date(now + this.config.lockMinutes * 60_000) : null;
      await this.users.recordFailure(user.id, failed, lockedUntil);
      if (remaining === 0) return this.lockedOutcome();
      return {
        httpStatus: 401,
        body: { status: 'FAILURE', message: remainingAttemptsMessage(remaining), remainingAttempts: remaining },
      };
    }
    if (user.failedAttempts || user.lockedUntil) await this.users.clearFailures(user.id);
    return this.openSession(user, regen, meta);
  }

  /** Opens a session for an already authenticated user (password or signed link). */
  async openSession(user: UserRow, regen: boolean, meta: Meta): Promise<LoginOutcome> {
    if (!regen && (await this.sessions.hasActive(user.id))) {
      return { httpStatus: 409, body: { status: LOGIN_ALREADY, message: LOGIN_ALREADY } };
    }
    if (regen) await this.sessions.revokeAllForUser(user.id, 'regen');
    const token = newToken();
    await this.sessions.create(user.id, token, meta);
    const orgs = await this.users.organizationIds(user.id);
    return {
      httpStatus: 200,
      body: {
        status: regen ? LOGIN_REGENERATED : LOGIN_SUCCESS,
        token,
        role: user.role,
        userId: user.id,
        message: regen ? LOGIN_REGENERATED : LOGIN_SUCCESS,
        remainingAttempts: this.config.maxLoginAttempts,
        userdetail: {
          firstname: user.firstName,
          lastname: user.lastName,
          email: user.email,
          organization_id: orgs[0] ?? null,
        },
      },
    };
  }

  private lockedOutcome(): LoginOutcome {
    return { httpStatus: 423, body: { status: 'LOCKED', message: MESSAGES.locked, remainingAttempts: 0 } };
  }
}
