import { z } from 'zod';

export const LoginRequest = z.object({
  userName: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
  regen: z.boolean().optional().default(false),
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
