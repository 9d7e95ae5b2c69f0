import { z } from 'zod';
import { MESSAGES } from '../shared/messages.ts';
import { PASSWORD_PATTERN } from '../shared/validators.ts';

/**
 * The spec's call sends oldPassword and newPassword; the form's confirmation may come along as
 * confirmPassword, and then it must equal the new one ('Password does not match', section 5).
 */
export const UpdatePasswordRequest = z
  .object({
    oldPassword: z.string().min(1).max(200),
    newPassword: z.string().max(200).regex(PASSWORD_PATTERN, MESSAGES.passwordRule),
    confirmPassword: z.string().max(200).optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;

export const UpdatePasswordResponse = z.object({ oldMatch: z.boolean(), update: z.boolean() });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponse>;
