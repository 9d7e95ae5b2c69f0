import { type DashboardLists, listTypeForMenu } from '@invigil/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { rememberOrg } from '../hooks/org-storage.ts';

export const listsKey = (menuKey: string, orgId: number | null) => ['dashboard', 'lists', menuKey, orgId] as const;

/** The menu item whose choice this page load has already sent to the server. */
let recordedMenu: string | null = null;

/**
 * A menu item's lists. The first load after choosing the item is the spec's menu action
 * (POST /api/dashboard/menu: remembers item and organisation); refreshes and organisation
 * switches are POST /api/dashboard/userHome. A failed menu call is only logged.
 */
async function fetchLists(menuKey: string, orgId: number | null): Promise<DashboardLists> {
  if (recordedMenu !== menuKey) {
    try {
      const lists = await apiPost<DashboardLists>('/api/dashboard/menu', { newValue: menuKey, org: orgId });
      recordedMenu = menuKey;
      return lists;
    } catch (e) {
      console.error('menu action failed', e);
    }
  }
  return apiPost<DashboardLists>('/api/dashboard/userHome', { selectedTab: listTypeForMenu(menuKey), organizationId: orgId });
}

export function useDashboardLists(menuKey: string, orgId: number | null, onOrgResolved: (id: number) => void) {
  const client = useQueryClient();
  return useQuery({
    queryKey: listsKey(menuKey, orgId),
    queryFn: async () => {
      const lists = await fetchLists(menuKey, orgId);
      // Without a remembered organisation the server picks one: keep it without a second fetch.
      if (orgId === null && lists.latestOrg !== null) {
        client.setQueryData(listsKey(menuKey, lists.latestOrg), lists);
        rememberOrg(lists.latestOrg, listTypeForMenu(menuKey));
        onOrgResolved(lists.latestOrg);
      }
      return lists;
    },
    staleTime: 0,
  });
}
