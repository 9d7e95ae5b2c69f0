import { DASHBOARD_MENU_KEYS, skipsOrgMenuLoad } from '@invigil/contracts';
import { getCookie } from '../../lib/cookies.ts';
import { rememberOrg, SELECTED_MENU_KEY, TYPE_BUTTON_KEY } from '../../lib/dashboard-storage.ts';
import { session } from '../../lib/storage.ts';
import { fetchUserOrgData } from './api/user-org-data.ts';

const RESTORABLE = new Set<string>(DASHBOARD_MENU_KEYS.filter((k) => k !== 'User Help'));

async function restore(timeoutMs: number): Promise<void> {
  if (!getCookie('token') || session.get(TYPE_BUTTON_KEY) || skipsOrgMenuLoad(getCookie('role'))) return;
  try {
    const timeout = new Promise<never>((_r, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs));
    const { result } = await Promise.race([fetchUserOrgData(), timeout]);
    const saved = result[0];
    if (!saved) return;
    if (saved.orgId) rememberOrg(saved.orgId, saved.typeButton);
    else session.set(TYPE_BUTTON_KEY, saved.typeButton);
    if (RESTORABLE.has(saved.selectedMenu)) session.set(SELECTED_MENU_KEY, saved.selectedMenu);
  } catch (e) {
    console.error('user org data failed', e);
  }
}

let pending: { token: string; done: Promise<void> } | null = null;

/**
 * Before the dashboard's first render in a tab without dashboard state (a fresh sign-in):
 * restore the last menu, organisation and type button from GET /api/test/getUserOrgData.
 * One call per sign-in (token): the route starts it, the shell awaits the same promise.
 * Never throws and gives up after a few seconds; a failure is only logged.
 */
export function restoreDashboardState(timeoutMs = 5000): Promise<void> {
  const token = getCookie('token');
  if (pending?.token !== token) pending = { token, done: restore(timeoutMs) };
  return pending.done;
}
