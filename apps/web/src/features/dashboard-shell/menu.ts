import { ROLES } from '@invigil/contracts';

/** Candidate (and other non-super-admin) menu, in the spec's order. */
export const CANDIDATE_MENU = [
  'Tests', 'Feedback', 'Survey', 'Completed', 'Expired', 'WorkFlow', 'Site Requirements', 'Support', 'User Help', 'Practice',
] as const;

/** Super administrator menu. */
export const SUPERADMIN_MENU = ['Ongoing Tests', 'Pending Results', 'Regenerate Results'] as const;

export const menuFor = (role: string): readonly string[] => (role === ROLES.superAdmin ? SUPERADMIN_MENU : CANDIDATE_MENU);

/** The static help document User Help opens in a new tab. */
export const HELP_URL = '/help/user-help.html';

export const SELECTED_MENU_KEY = 'selectedMenu';
