import { z } from 'zod';

/**
 * The spec's `regen` flag ("Yes re-logs in with regen"; its type is not shown): true, or the
 * forms a form or an older client sends ('true', 1). Absent, null, false, 'false' and 0 are no
 * regen, so a sign-in is never refused for the flag's spelling.
 */
export const RegenFlag = z
  .union([z.boolean(), z.enum(['true', 'false']), z.literal(0), z.literal(1), z.null()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 1);

export const LoginRequest = z.object({
  userName: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
  regen: RegenFlag,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const UserDetail = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  organization_id: z.number().nullable(),
});

export const LoginResponse = z.object({
  status: z.string(),
  token: z.string().optional(),
  role: z.string().optional(),
  userId: z.number().optional(),
  message: z.string().optional(),
  remainingAttempts: z.number().optional(),
  userdetail: UserDetail.optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * Replies of the sign-in calls (POST /api/login and /api/login/auto) by status code (ADR 0002):
 * 409 already signed in elsewhere, 423 locked; 401 may also be a plain error (a refused link).
 */
export const LoginReplies = {
  200: LoginResponse,
  401: LoginResponse.partial().passthrough(),
  409: LoginResponse,
  423: LoginResponse,
};
