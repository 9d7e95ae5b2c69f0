import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { DASHBOARD_MENU_KEYS } from './dashboard-constants.ts';
import { DashboardLists } from './dashboard-lists.ts';

/**
 * POST /api/dashboard/menu (the spec's menu action): remembers the chosen menu item and
 * organisation (read back by GET /api/test/getUserOrgData) and answers that item's lists.
 */
export const DashboardMenuRequest = z.object({
  newValue: z.enum(DASHBOARD_MENU_KEYS),
  org: Id.nullable().optional(),
});
export type DashboardMenuRequest = z.infer<typeof DashboardMenuRequest>;

export const DashboardMenuResponse = DashboardLists;
export type DashboardMenuResponse = z.infer<typeof DashboardMenuResponse>;
