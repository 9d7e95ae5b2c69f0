import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The API is a stand-in that records each call; everything else (session storage, cookies, the
// shell's choice of first menu, the restore and the list cache) is the real code.
const calls = vi.hoisted(() => [] as Array<{ method: string; path: string; body?: unknown }>);
const replies = vi.hoisted(() => ({
  orgData: { result: [{ selectedMenu: 'Survey', orgId: 2, typeButton: 'SURVEY' }] },
  fail: false,
}));
vi.mock('../lib/api-client.ts', () => ({
  apiGet: async (path: string) => {
    calls.push({ method: 'GET', path });
    return replies.orgData;
  },
  apiPost: async (path: string, body: unknown) => {
    calls.push({ method: 'POST', path, body });
    if (replies.fail) throw new Error('offline');
    return { groups: [], org: [], latestOrg: 2, path };
  },
}));
// The lazily loaded pages are not under test here.
vi.mock('./dashboard-with-areas.tsx', () => ({ default: () => null }));
vi.mock('./query-shell.tsx', () => ({ default: () => null }));
vi.mock('../features/dashboard/list-area.tsx', () => ({ CategoryArea: () => null }));

const { preloadDashboard } = await import('./dashboard-preload.ts');
const { takePrefetchedLists } = await import('../features/dashboard/api/fetch-lists.ts');
const { restoreDashboardState } = await import('../features/dashboard/restore-state.ts');

const signIn = (token: string, role = 'ROLE_CANDIDATE') => {
  document.cookie = `token=${token}; path=/`;
  document.cookie = `role=${role}; path=/`;
  sessionStorage.clear();
};
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  calls.length = 0;
  replies.fail = false;
});
afterEach(() => sessionStorage.clear());

describe('dashboard preload', () => {
  it("restores the last menu, then fetches that menu's lists once, before the shell asks", async () => {
    signIn('t1');
    preloadDashboard();
    preloadDashboard();
    await restoreDashboardState();
    await settle();
    expect(calls).toEqual([
      { method: 'GET', path: '/api/test/getUserOrgData' },
      { method: 'POST', path: '/api/dashboard/menu', body: { newValue: 'Survey', org: 2 } },
    ]);
    expect(sessionStorage.getItem('selectedMenu')).toBe('Survey');
    // The shell's first query for the same item and organisation takes it; a second does not.
    expect(await takePrefetchedLists('Survey', 2)).toMatchObject({ latestOrg: 2 });
    expect(takePrefetchedLists('Survey', 2)).toBeUndefined();
    expect(takePrefetchedLists('Tests', 2)).toBeUndefined();
  });

  it('starts again for a new sign-in, and leaves a failed fetch for the query to report', async () => {
    signIn('t2');
    replies.fail = true;
    replies.orgData = { result: [{ selectedMenu: 'Tests', orgId: 1, typeButton: 'TEST' }] };
    preloadDashboard();
    await restoreDashboardState();
    await settle();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/test/getUserOrgData',
      '/api/dashboard/menu',
      '/api/dashboard/userHome',
    ]);
    await expect(takePrefetchedLists('Tests', 1)).rejects.toThrow('offline');
  });

  it('does not prefetch lists for a static area', async () => {
    signIn('t3');
    replies.orgData = { result: [{ selectedMenu: 'Support', orgId: 1, typeButton: 'TEST' }] };
    preloadDashboard();
    await restoreDashboardState();
    await settle();
    expect(calls.map((c) => c.path)).toEqual(['/api/test/getUserOrgData']);
  });

  it('skips the per-organisation menu load for the super administrator and support (ADR 0120)', async () => {
    for (const [token, role] of [
      ['t4', 'ROLE_SUPERADMIN'],
      ['t5', 'ROLE_SUPPORT'],
    ]) {
      calls.length = 0;
      signIn(token!, role);
      preloadDashboard();
      await restoreDashboardState();
      await settle();
      expect(calls, role).toEqual([]);
    }
  });
});
