import { LIST_MENU_KEYS } from '@invigil/contracts';
import { prefetchLists } from '../features/dashboard/api/fetch-lists.ts';
import { restoreDashboardState } from '../features/dashboard/restore-state.ts';
import { initialMenu } from '../features/dashboard-shell/menu.ts';
import { getCookie } from '../lib/cookies.ts';
import { storedOrg } from '../lib/dashboard-storage.ts';

export const loadQueryShell = () => import('./query-shell.tsx');
/** The dashboard shell with the areas of the features (app/dashboard-with-areas.tsx). */
export const loadDashboardPage = () => import('./dashboard-with-areas.tsx');
/** The list areas' module (Tests, Survey, ... Completed, Expired): the first area most users see. */
const loadListArea = () => import('../features/dashboard/list-area.tsx');

/** Areas whose content is the lists of useDashboardLists (Practice has its own list). */
const LIST_AREAS = new Set<string>(LIST_MENU_KEYS.filter((k) => k !== 'Practice'));

let startedFor: string | null = null;

/**
 * On the dashboard route, before anything renders: ask for the shell's code and its first data
 * at once. Without this a slow link waits in turn for the code, then the last-menu call, then
 * the lists call, and the nested lazy pages (data provider, then shell) cost one more round trip.
 * Once per sign-in (token); safe to call on every render.
 */
export function preloadDashboard(): void {
  const token = getCookie('token');
  if (!token || startedFor === token) return;
  startedFor = token;
  void loadQueryShell();
  void loadDashboardPage();
  void loadListArea();
  void restoreDashboardState().then(() => {
    const menu = initialMenu(getCookie('role'));
    if (LIST_AREAS.has(menu)) prefetchLists(menu, storedOrg());
  });
}
