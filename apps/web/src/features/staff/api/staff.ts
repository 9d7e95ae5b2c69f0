import type { ActiveUsersChange, OngoingRow } from '@invigil/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { readEventStream } from '../../../lib/event-stream.ts';

/** POST /api/test/searchUserOrg: a user's attempts by e-mail. */
export function useSearchUser() {
  return useMutation({ mutationFn: (username: string) => apiPost('/api/test/searchUserOrg', { username }) });
}

/** POST /api/test/searchRecord: the completed results of the user in the organisation. */
export function useSearchRecord(userId: number | null, orgId: number | null) {
  return useQuery({
    queryKey: ['staff', 'record', userId, orgId],
    queryFn: () => apiPost('/api/test/searchRecord', { userId: userId!, orgId: orgId! }),
    enabled: userId !== null && orgId !== null,
    staleTime: 0,
  });
}

/** POST /api/support/unlock: clears the user's sign-in lockout. */
export function useUnlockUser() {
  return useMutation({ mutationFn: (userId: number) => apiPost('/api/support/unlock', { userId }) });
}

export interface RegenerateIds {
  userExamId: number;
  userId: number;
  examInstanceId: number;
}

/** POST /api/test/regenratetest (the spec's spelling); the pending lists are read again afterwards. */
export function useRegenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: RegenerateIds) => apiPost('/api/test/regenratetest', { data }),
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'pending'] }),
  });
}

/** GET /api/support/timeline/:userExamId, one page (older pages with `before`). */
export const fetchTimeline = (userExamId: number, before?: number) =>
  apiGet('/api/support/timeline/:userExamId', {
    params: { userExamId },
    query: before === undefined ? {} : { before },
  });

export function useTimeline(userExamId: number) {
  return useQuery({
    queryKey: ['staff', 'timeline', userExamId],
    queryFn: () => fetchTimeline(userExamId),
    staleTime: 0,
  });
}

/** Read the media list again this long before its signed URLs expire. */
const URL_MARGIN_MS = 30_000;

/**
 * GET /api/support/media/:userExamId: the attempt's pictures, recordings and files with signed
 * URLs; read again before the URLs expire, so a dialog left open keeps working links.
 */
export function useAttemptMedia(userExamId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'media', userExamId],
    queryFn: () => apiGet('/api/support/media/:userExamId', { params: { userExamId } }),
    enabled,
    staleTime: 60_000,
    refetchInterval: (q) => {
      const at = q.state.data?.expiresAt;
      return at ? Math.max(10_000, new Date(at).getTime() - Date.now() - URL_MARGIN_MS) : false;
    },
  });
}

/** While a listed result waits in the queue, the lists are read again this often (they leave once processed). */
const PENDING_REFRESH_MS = 2000;

/**
 * POST /api/test/regeneratelisting: the three pending lists. After 'Add into Queue' or ReGenerate
 * the queued rows stay listed until their job has run (seconds later), so while any row is queued
 * the lists are read again until it has left (ADR 0223).
 */
export function usePendingListing() {
  return useQuery({
    queryKey: ['staff', 'pending'],
    queryFn: () => apiPost('/api/test/regeneratelisting', {}),
    staleTime: 0,
    refetchInterval: (q) =>
      Object.values(q.state.data?.data ?? {}).some((list) => list.some((r) => r.queued)) ? PENDING_REFRESH_MS : false,
  });
}

/** GET /api/result/addintoqueue; the listing is read again afterwards. */
export function useAddIntoQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet('/api/result/addintoqueue'),
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'pending'] }),
  });
}

const RETRY_MS = 2000;

/**
 * Ongoing Tests: GET /api/test/getActiveUsers, then kept live by the server's event stream
 * (changed rows replace theirs, removed ids leave). After a dropped stream it reconnects and
 * reads the whole list again.
 */
export function useActiveUsers() {
  const [rows, setRows] = useState<Map<number, OngoingRow> | null>(null);
  const [live, setLive] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    let stopped = false;
    const run = async () => {
      while (!stopped) {
        try {
          const stream = readEventStream(
            '/api/test/getActiveUsers/stream',
            (event, data) => {
              if (event !== 'active') return;
              const change = JSON.parse(data) as ActiveUsersChange;
              setRows((prev) => {
                const next = new Map(prev ?? []);
                for (const id of change.removed) next.delete(id);
                for (const r of change.rows) next.set(r.userExamId, r);
                return next;
              });
            },
            { signal: ctrl.signal, onOpen: () => setLive(true) },
          );
          stream.catch(() => undefined);
          // The full list after the stream is open: no change between the two is lost.
          const first = await apiGet('/api/test/getActiveUsers');
          setRows((prev) => {
            const next = new Map(Object.values(first.result).map((r) => [r.userExamId, r]));
            for (const [id, r] of prev ?? [])
              if (next.has(id) && r.updatedAt > next.get(id)!.updatedAt) next.set(id, r);
            return next;
          });
          setFailed(false);
          await stream;
        } catch (e) {
          if ((e as Error).name === 'AbortError') return;
          if (rows === null) setFailed(true);
        }
        setLive(false);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    };
    void run();
    return () => {
      stopped = true;
      ctrl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const list = rows ? [...rows.values()].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1)) : null;
  return { rows: list, live, failed };
}
