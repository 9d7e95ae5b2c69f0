import {
  LOGIN_ALREADY,
  LOGIN_REGENERATED,
  LOGIN_SUCCESS,
  MESSAGES,
  remainingAttemptsMessage,
  type LoginResponse,
} from '@invigil/contracts';
import type { AppConfig } from '../../config.ts';
import { newToken } from '../../lib/tokens.ts';
import type { PasswordGuard } from './password-guard.ts';
import type { SessionRepository } from './session.repository.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import { describeUserAgent } from '../support/user-agent.ts';

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
    private readonly guard: PasswordGuard,
    private readonly config: Pick<AppConfig, 'maxLoginAttempts'>,
    private readonly activity: AttemptActivity,
  ) {}

  async login(userName: string, password: string, regen: boolean, meta: Meta): Promise<LoginOutcome> {
    const name = userName.trim().toLowerCase();
    const user = await this.users.findByEmail(name);
    // An unknown account gets the same checks, replies and time as a known one (PasswordGuard).
    const check = await this.guard.check(user, name, password);
    if (check.ok) return this.openSession(check.user, regen, meta);
    if (check.locked) return this.lockedOutcome();
    return {
      httpStatus: 401,
      body: {
        status: 'FAILURE',
        message: remainingAttemptsMessage(check.remaining),
        remainingAttempts: check.remaining,
      },
    };
  }

  /**
   * Opens a session for an already authenticated user (password or signed link). `claim` runs
   * once a session is about to open (not for the 409 "already signed in" answer, which the client
   * follows with regen): a single-use link is used up only then; it throws to refuse.
   */
  async openSession(user: UserRow, regen: boolean, meta: Meta, claim?: () => Promise<void>): Promise<LoginOutcome> {
    if (!regen && (await this.sessions.hasActive(user.id))) {
      return { httpStatus: 409, body: { status: LOGIN_ALREADY, message: LOGIN_ALREADY } };
    }
    if (claim) await claim();
    if (regen) await this.sessions.revokeAllForUser(user.id, 'regen');
    const token = newToken();
    await this.sessions.create(user.id, token, meta);
    this.activity.record({
      kind: 'signin',
      userId: user.id,
      actorId: user.id,
      data: { ...describeUserAgent(meta.userAgent), userAgent: meta.userAgent ?? null, ip: meta.ip ?? null, regen },
    });
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
