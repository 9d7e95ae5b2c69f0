import { z } from 'zod';
import { Id } from '../shared/id.ts';

/**
 * POST /api/support/unlock (staff): clears a user's sign-in lockout (the failed-password count
 * and the lock), so a candidate whose account someone else locked can sign in again at once.
 * Search User Details knows the user's id from searchUserOrg's `account`.
 */
export const UnlockUserRequest = z.object({ userId: Id });

export const UnlockUserResponse = z.object({
  success: z.literal(1),
  message: z.string(),
  user_id: z.number(),
  /** whether the account was locked when the call came (a lock that had run out is not) */
  was_locked: z.boolean(),
  /** always null after an unlock: the same field as searchUserOrg's `account.locked_until` */
  locked_until: z.null(),
});
export type UnlockUserResponse = z.infer<typeof UnlockUserResponse>;
