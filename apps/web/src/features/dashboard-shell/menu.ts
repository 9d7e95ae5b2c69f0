import { ROLES } from '@invigil/contracts';
import { SELECTED_MENU_KEY } from '../../lib/dashboard-storage.ts';
import { session } from '../../lib/storage.ts';

/** Candidate (and other non-super-admin) menu, in the spec's order. */
export const CANDIDATE_MENU = [
  'Tests',
  'Feedback',
  'Survey',
  'Completed',
  'Expired',
  'WorkFlow',
  'Site Requirements',
  'Support',
  'User Help',
  'Practice',
] as const;

/**
 * Super administrator menu: the spec's three, word for word, then the content import and
 * scheduling screens of issue 17 (ADR 0120).
 */
export const SUPERADMIN_MENU = [
  'Ongoing Tests',
  'Pending Results',
  'Regenerate Results',
  'Import Test',
  'Import Candidates',
  'Schedule Test',
] as const;

/** Support staff: the search screen first, then the support and help pages (ADR 0120). */
export const SUPPORT_MENU = ['Search User Details', 'Support', 'User Help'] as const;

/** The menu of a role (ADR 0120); an unknown role gets the candidate menu, as the spec says. */
export function menuFor(role: string): readonly string[] {
  if (role === ROLES.superAdmin) return SUPERADMIN_MENU;
  if (role === ROLES.support) return SUPPORT_MENU;
  return CANDIDATE_MENU;
}

/** The static help document User Help opens in a new tab. */
export const HELP_URL = '/help/user-help.html';

/** The menu item an area belongs to: FeedbackCompleted, SurveyExpired, ... light up Completed or Expired. */
export function menuItemOf(areaKey: string): string {
  if (areaKey !== 'Completed' && areaKey.endsWith('Completed')) return 'Completed';
  if (areaKey !== 'Expired' && areaKey.endsWith('Expired')) return 'Expired';
  return areaKey;
}

/** The item the shell opens with: the one saved for this tab if the role has it, else the first. */
export function initialMenu(role: string, saved = session.get(SELECTED_MENU_KEY)): string {
  const items = menuFor(role);
  return saved && (items.includes(saved) || items.includes(menuItemOf(saved))) ? saved : items[0]!;
}

/** The menu item remembered in the current history entry (set by rememberMenuInHistory), or null. */
export function menuInHistory(): string | null {
  const state: unknown = history.state;
  const menu = state && typeof state === 'object' ? (state as { dashboardMenu?: unknown }).dashboardMenu : undefined;
  return typeof menu === 'string' ? menu : null;
}

/** Keeps a menu item in the history: a new entry on the same URL ('push'), or the current one. */
export function rememberMenuInHistory(item: string, how: 'push' | 'replace'): void {
  const state = { ...(history.state as object | null), dashboardMenu: item };
  if (how === 'push') history.pushState({ dashboardMenu: item }, '', location.href);
  else history.replaceState(state, '', location.href);
}
