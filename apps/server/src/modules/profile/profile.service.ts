import { MESSAGES, type UpdatePasswordRequest, type UpdateProfileRequest } from '@invigil/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { hashPassword, verifyPassword } from '@invigil/db/passwords';
import type { UserRepository } from '../auth/user.repository.ts';

/** The profile screen's reads and the two updates; the server checks every rule again. */
export class ProfileService {
  constructor(private readonly users: UserRepository) {}

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

  async changePassword(userId: number, body: UpdatePasswordRequest) {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found.');
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) return { oldMatch: false, update: false };
    const update = await this.users.updatePasswordHash(userId, await hashPassword(body.newPassword));
    return { oldMatch: true, update };
  }
}
