import { type DashboardLists, type DashboardMenuRequest, listTypeForMenu } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';

/** The menu item whose choice this page load has already sent to the server. */
let recordedMenu: string | null = null;

/**
 * A menu item's lists. The first load after choosing the item is the spec's menu action
 * (POST /api/dashboard/menu: remembers item and organisation); refreshes and organisation
 * switches are POST /api/dashboard/userHome. A failed menu call is only logged.
 */
export async function fetchLists(menuKey: string, orgId: number | null): Promise<DashboardLists> {
  if (recordedMenu !== menuKey) {
    try {
      const lists = await apiPost('/api/dashboard/menu', {
        // The shell's menu keys are DASHBOARD_MENU_KEYS, carried as strings through the dashboard.
        newValue: menuKey as DashboardMenuRequest['newValue'],
        org: orgId,
      });
      recordedMenu = menuKey;
      return lists;
    } catch (e) {
      console.error('menu action failed', e);
    }
  }
  return apiPost('/api/dashboard/userHome', {
    selectedTab: listTypeForMenu(menuKey),
    organizationId: orgId,
  });
}

const prefetched = new Map<string, Promise<DashboardLists>>();
const keyOf = (menuKey: string, orgId: number | null) => `${getCookie('token')}|${menuKey}|${orgId}`;

/**
 * Starts the first list's fetch while the dashboard's code is still downloading (a slow link
 * then waits for the bytes, not for the bytes and then the call). Used once, by the first query
 * of the same item and organisation in the same sign-in.
 */
export function prefetchLists(menuKey: string, orgId: number | null): void {
  const key = keyOf(menuKey, orgId);
  if (prefetched.has(key)) return;
  const pending = fetchLists(menuKey, orgId);
  pending.catch(() => undefined); // a failure is the query's to report, when it takes the promise
  prefetched.set(key, pending);
}

/** The prefetched lists for this item and organisation, if any (each prefetch is used once). */
export function takePrefetchedLists(menuKey: string, orgId: number | null): Promise<DashboardLists> | undefined {
  const key = keyOf(menuKey, orgId);
  const pending = prefetched.get(key);
  prefetched.delete(key);
  return pending;
}
