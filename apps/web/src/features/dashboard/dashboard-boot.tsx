import { DASHBOARD_MENU_KEYS } from '@invigil/contracts';
import { type ReactNode, useEffect } from 'react';
import { getCookie } from '../../lib/cookies.ts';
import { session } from '../../lib/storage.ts';
import { resendQueuedSubmissions } from './api/resend-submissions.ts';
import { fetchUserOrgData } from './api/user-org-data.ts';
import { rememberOrg, TYPE_BUTTON_KEY } from './hooks/org-storage.ts';

/** The shell keeps its selected menu item under this session key (dashboard-shell/menu.ts). */
const SHELL_MENU_KEY = 'selectedMenu';
const RESTORABLE = new Set<string>(DASHBOARD_MENU_KEYS.filter((k) => k !== 'User Help'));

/**
 * Before the dashboard's first render in a tab without dashboard state (a fresh sign-in):
 * restore the last menu, organisation and type button from GET /api/test/getUserOrgData.
 * Never throws and gives up after a few seconds; a failure is only logged.
 */
export async function restoreDashboardState(timeoutMs = 5000): Promise<void> {
  if (!getCookie('token') || session.get(TYPE_BUTTON_KEY)) return;
  try {
    const timeout = new Promise<never>((_r, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs));
    const { result } = await Promise.race([fetchUserOrgData(), timeout]);
    const saved = result[0];
    if (!saved) return;
    if (saved.orgId) rememberOrg(saved.orgId, saved.typeButton);
    else session.set(TYPE_BUTTON_KEY, saved.typeButton);
    if (RESTORABLE.has(saved.selectedMenu)) session.set(SHELL_MENU_KEY, saved.selectedMenu);
  } catch (e) {
    console.error('user org data failed', e);
  }
}

let resentFor: string | null = null;

/** Dashboard load: re-send queued submissions once per sign-in (token) and page load. */
export function DashboardBoot({ children }: { children: ReactNode }) {
  useEffect(() => {
    const token = getCookie('token');
    if (!token || resentFor === token) return;
    resentFor = token;
    void resendQueuedSubmissions();
  }, []);
  return <>{children}</>;
}
