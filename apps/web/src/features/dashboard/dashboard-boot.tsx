import { DASHBOARD_MENU_KEYS } from '@invigil/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { PageLoader } from '../../app/page-loader.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { session } from '../../lib/storage.ts';
import { resendQueuedSubmissions } from './api/resend-submissions.ts';
import { fetchUserOrgData } from './api/user-org-data.ts';
import { rememberOrg, TYPE_BUTTON_KEY } from './hooks/org-storage.ts';

const RESTORABLE = new Set<string>(DASHBOARD_MENU_KEYS.filter((k) => k !== 'User Help'));

let bootToken: string | null = null;
let boot: Promise<string | null> = Promise.resolve(null);

/**
 * Once per sign-in and page load: re-send queued submissions, and when this tab has no
 * dashboard state yet, restore the last menu, organisation and type button from the server.
 * Resolves to the menu item to restore (or null).
 */
function startBoot(): Promise<string | null> {
  const token = getCookie('token');
  if (bootToken === token) return boot;
  bootToken = token;
  void resendQueuedSubmissions();
  if (session.get(TYPE_BUTTON_KEY)) {
    boot = Promise.resolve(null);
    return boot;
  }
  boot = fetchUserOrgData()
    .then(({ result }) => {
      const saved = result[0];
      if (!saved) return null;
      if (saved.orgId) rememberOrg(saved.orgId, saved.typeButton);
      else session.set(TYPE_BUTTON_KEY, saved.typeButton);
      return RESTORABLE.has(saved.selectedMenu) ? saved.selectedMenu : null;
    })
    .catch((e) => {
      console.error('user org data failed', e);
      return null;
    });
  return boot;
}

/** Shows its area once the dashboard's load-time work is done (switching to the restored menu first). */
export function DashboardBoot({ menuKey, onSelectMenu, children }: { menuKey: string; onSelectMenu(key: string): void; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void startBoot().then((restore) => {
      if (!live) return;
      if (restore && restore !== menuKey && session.get('dashboardRestored') !== '1') {
        session.set('dashboardRestored', '1');
        onSelectMenu(restore);
      }
      session.set('dashboardRestored', '1');
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [menuKey, onSelectMenu]);
  return ready ? <>{children}</> : <PageLoader />;
}
