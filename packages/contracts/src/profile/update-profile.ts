import { z } from 'zod';
import { Id, MAX_ID } from '../shared/id.ts';
import { MESSAGES } from '../shared/messages.ts';
import { CONTACT_PATTERN, EMAIL_PATTERN } from '../shared/validators.ts';

const name = z.string().trim().min(1).max(100);

export const UpdateProfileRequest = z.object({
  firstName: name,
  lastName: name,
  contactNumber: z.string().regex(CONTACT_PATTERN, MESSAGES.invalidMobile),
  userInfoID: Id,
  /** Sent by the spec's client; checked but never written: the e-mail cannot be changed. */
  email: z.string().regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  /** The spec keeps orgId in session storage, so it may come as a string of digits. */
  orgId: z
    .union([z.number().int().min(0).max(MAX_ID), Id])
    .nullable()
    .optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const UpdateProfileResponse = z.object({ success: z.boolean(), message: z.string() });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;
