import { z } from 'zod';
import { MESSAGES } from '../shared/messages.ts';
import { PASSWORD_PATTERN } from '../shared/validators.ts';

export const UpdatePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: z.string().max(200).regex(PASSWORD_PATTERN, MESSAGES.passwordRule),
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;

export const UpdatePasswordResponse = z.object({ oldMatch: z.boolean(), update: z.boolean() });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponse>;
