import { z } from 'zod';

export const LogoutResponse = z.object({ status: z.literal('Logout') });
export type LogoutResponse = z.infer<typeof LogoutResponse>;
