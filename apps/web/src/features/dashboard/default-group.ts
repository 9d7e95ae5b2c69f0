import { isResumable } from '@invigil/contracts';
import type { ListTab } from './components/list-tabs.tsx';

interface GroupLists {
  groupId: number;
  pending: Array<{ status: string }>;
}

/**
 * The group a tab opens on until the candidate picks one: on Pending, the first group with an
 * item in progress (mid-workflow, the step to resume), otherwise the first group.
 */
export function defaultGroupId(groups: GroupLists[], tab: ListTab): number | null {
  const inProgress = tab === 'pending' ? groups.find((g) => g.pending.some((r) => isResumable(r.status))) : undefined;
  return (inProgress ?? groups[0])?.groupId ?? null;
}
