import { describe, expect, it } from 'vitest';
import { CANDIDATE_MENU, menuFor, menuItemOf, SUPERADMIN_MENU, SUPPORT_MENU } from './menu.ts';

describe('dashboard menu', () => {
  it('gives the super administrator the operations menu, support the search, everyone else the candidate menu', () => {
    expect(menuFor('ROLE_SUPERADMIN')).toBe(SUPERADMIN_MENU);
    expect(menuFor('ROLE_CANDIDATE')).toBe(CANDIDATE_MENU);
    expect(menuFor('ROLE_SUPPORT')).toBe(SUPPORT_MENU);
    expect(SUPPORT_MENU[0]).toBe('Search User Details');
    expect(menuFor('ROLE_SOMETHING_ELSE')).toBe(CANDIDATE_MENU);
  });
  it("keeps the spec's three operations items first for the super administrator, then import and scheduling", () => {
    expect(SUPERADMIN_MENU).toEqual([
      'Ongoing Tests',
      'Pending Results',
      'Regenerate Results',
      'Import Test',
      'Import Candidates',
      'Schedule Test',
    ]);
  });
  it('maps the Completed and Expired variants to their menu item', () => {
    expect(menuItemOf('FeedbackCompleted')).toBe('Completed');
    expect(menuItemOf('WorkFlowExpired')).toBe('Expired');
    expect(menuItemOf('Completed')).toBe('Completed');
    expect(menuItemOf('Tests')).toBe('Tests');
  });
});
