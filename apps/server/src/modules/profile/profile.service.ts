import { MESSAGES, type UpdatePasswordRequest, type UpdateProfileRequest } from '@invigil/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { hashPassword } from '@invigil/db/passwords';
import type { PasswordGuard } from '../auth/password-guard.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { UserRepository } from '../auth/user.repository.ts';

/** The profile screen's reads and the two updates; the server checks every rule again. */
export class ProfileService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly guard: PasswordGuard,
  ) {}

  async get(userId: number, orgHeader: number | null) {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found.');
    const orgs = await this.users.organizationIds(userId);
    const organizationId = orgHeader !== null && orgs.includes(orgHeader) ? orgHeader : (orgs[0] ?? null);
    return {
      profileData: {
        firstname: user.firstName,
        lastname: user.lastName,
        contact_number: user.contactNumber,
        id: user.id,
        email_address: user.email,
        organization_id: organizationId,
      },
    };
  }

  async update(userId: number, body: UpdateProfileRequest) {
    if (!userPolicy.change({ id: userId }, body.userInfoID)) throw notFound(userPolicy.notFound);
    const user = await this.users.findById(userId);
    if (!user) throw notFound(userPolicy.notFound);
    if (body.email.toLowerCase() !== user.email.toLowerCase())
      throw new HttpError(400, 'The e-mail address cannot be changed.');
    const ok = await this.users.updateProfile(userId, {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      contactNumber: body.contactNumber,
    });
    return ok
      ? { success: true, message: MESSAGES.profileUpdated }
      : { success: false, message: MESSAGES.somethingWrong };
  }

  /**
   * Wrong old passwords count towards the sign-in lockout (423 once locked, as sign-in). A
   * changed password ends every other session of the user; the one that changed it stays.
   */
  async changePassword(actor: { id: number; sessionId: number }, body: UpdatePasswordRequest) {
    const user = await this.users.findById(actor.id);
    if (!user) throw notFound('User not found.');
    const check = await this.guard.check(user, user.email.toLowerCase(), body.oldPassword);
    if (!check.ok && check.locked) throw new HttpError(423, MESSAGES.locked);
    if (!check.ok) return { oldMatch: false, update: false };
    const update = await this.users.updatePasswordHash(actor.id, await hashPassword(body.newPassword));
    if (update) await this.sessions.revokeOthers(actor.id, actor.sessionId, 'password-change');
    return { oldMatch: true, update };
  }
}
