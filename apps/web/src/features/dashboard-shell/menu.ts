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

/** Super administrator menu. */
export const SUPERADMIN_MENU = ['Ongoing Tests', 'Pending Results', 'Regenerate Results'] as const;

export const menuFor = (role: string): readonly string[] =>
  role === ROLES.superAdmin ? SUPERADMIN_MENU : CANDIDATE_MENU;

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
