import { MESSAGES, isValidPassword } from '@invigil/contracts';
import { hashPassword } from '@invigil/db/passwords';
import { HttpError } from '../../lib/http-errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AuthService, LoginOutcome } from './auth.service.ts';
import type { InviteRepository } from './invite.repository.ts';
import type { UserRepository } from './user.repository.ts';

/**
 * A new user's first password from a set-password link (ADR 0153): the link works once and
 * until it expires; the password must meet the spec's rule; on success the user is signed in
 * under the usual single-session rule (409 when signed in elsewhere, answered again with regen;
 * the link is used up only when a session opens).
 */
export class SetPasswordService {
  constructor(
    private readonly invites: InviteRepository,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
  ) {}

  async setPassword(
    token: string,
    password: string,
    regen: boolean,
    meta: { userAgent?: string; ip?: string },
  ): Promise<LoginOutcome> {
    if (!isValidPassword(password)) throw new HttpError(400, MESSAGES.passwordRule);
    const tokenHash = hashToken(token);
    const userId = await this.invites.userOf(tokenHash);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new HttpError(401, MESSAGES.inviteInvalid);
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now())
      return { httpStatus: 423, body: { status: 'LOCKED', message: MESSAGES.locked, remainingAttempts: 0 } };
    const passwordHash = await hashPassword(password);
    return this.auth.openSession(user, regen, meta, async () => {
      if (!(await this.invites.consume(tokenHash, passwordHash))) throw new HttpError(401, MESSAGES.inviteInvalid);
    });
  }
}
