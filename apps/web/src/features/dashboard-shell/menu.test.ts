import { describe, expect, it } from 'vitest';
import { CANDIDATE_MENU, menuFor, menuItemOf, SUPERADMIN_MENU } from './menu.ts';

describe('dashboard menu', () => {
  it('gives the super administrator the operations menu and everyone else the candidate menu', () => {
    expect(menuFor('ROLE_SUPERADMIN')).toBe(SUPERADMIN_MENU);
    expect(menuFor('ROLE_CANDIDATE')).toBe(CANDIDATE_MENU);
    expect(menuFor('ROLE_SUPPORT')).toBe(CANDIDATE_MENU);
  });
  it('maps the Completed and Expired variants to their menu item', () => {
    expect(menuItemOf('FeedbackCompleted')).toBe('Completed');
    expect(menuItemOf('WorkFlowExpired')).toBe('Expired');
    expect(menuItemOf('Completed')).toBe('Completed');
    expect(menuItemOf('Tests')).toBe('Tests');
  });
});
