import { z } from 'zod';
import { Id } from '../shared/id.ts';

/**
 * GET /api/users/group-report/:userId/:groupId: the group report PDF of the signed-in user
 * (replaces the spec's admin-host call: the user's own token, own data only). Another user's
 * id answers 403, a group the user is not in 404, a report not ready yet 409.
 */
export const GroupReportParams = z.object({
  userId: Id,
  groupId: Id,
});
export type GroupReportParams = z.infer<typeof GroupReportParams>;
