import { listTypeForMenu } from '@invigil/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rememberOrg } from '../../../lib/dashboard-storage.ts';
import { fetchLists, takePrefetchedLists } from './fetch-lists.ts';

const listsKey = (menuKey: string, orgId: number | null) => ['dashboard', 'lists', menuKey, orgId] as const;

export function useDashboardLists(menuKey: string, orgId: number | null, onOrgResolved: (id: number) => void) {
  const client = useQueryClient();
  return useQuery({
    queryKey: listsKey(menuKey, orgId),
    queryFn: async () => {
      const lists = await (takePrefetchedLists(menuKey, orgId) ?? fetchLists(menuKey, orgId));
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
