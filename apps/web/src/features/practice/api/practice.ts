import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { storedOrg as orgId } from '../../../lib/dashboard-storage.ts';

/** The practice list (the menu action for Practice: list type PRACTISE). */
export function usePracticeList() {
  return useQuery({
    queryKey: ['practice', 'list'],
    queryFn: () => apiPost('/api/dashboard/menu', { newValue: 'Practice', org: orgId() }),
    staleTime: 0,
  });
}

/** POST /api/dashboard/practice; the dashboard's lists are refreshed afterwards. */
export function useApplyPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (practice: number) => apiPost('/api/dashboard/practice', { practice, organizationId: orgId() }),
    onSettled: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
