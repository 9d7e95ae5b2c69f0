import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { LIST_TYPES } from './dashboard-constants.ts';
import { DashboardLists } from './dashboard-lists.ts';

/** POST /api/dashboard/userHome: the lists of the selected tab in one of the user's organisations. */
export const UserHomeRequest = z.object({
  selectedTab: z.enum(LIST_TYPES).default('TEST'),
  /** One of the user's organisations; omitted or null means the last one used. */
  organizationId: Id.nullable().optional(),
});
export type UserHomeRequest = z.infer<typeof UserHomeRequest>;

export const UserHomeResponse = DashboardLists;
export type UserHomeResponse = z.infer<typeof UserHomeResponse>;
