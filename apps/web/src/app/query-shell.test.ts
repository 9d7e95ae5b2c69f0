import { describe, expect, it } from 'vitest';
import { clearLogin, storeLogin } from '../lib/session.ts';
import { queryClient } from './query-shell.tsx';

const asha = {
  token: 't-a',
  role: 'ROLE_CANDIDATE',
  userId: 1,
  email: 'candidate@example.com',
  firstname: 'Asha',
  lastname: 'Rao',
  organizationId: 1,
};

describe('the data cache on a shared machine', () => {
  it('is emptied at logout, so the next user on this page never sees the last one’s profile', () => {
    storeLogin(asha);
    queryClient.setQueryData(['profile'], { profileData: { firstname: 'Asha' } });
    clearLogin('logout');
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('is emptied at a forced logout and at a sign-in', () => {
    queryClient.setQueryData(['dashboard', 'lists', 'Tests', 1], { groups: ['Aptitude Batch 2026'] });
    clearLogin('forced');
    expect(queryClient.getQueryData(['dashboard', 'lists', 'Tests', 1])).toBeUndefined();
    queryClient.setQueryData(['staff', 'record', 2, 1], { groups: [] });
    storeLogin({ ...asha, token: 't-b', userId: 2, firstname: 'Ravi', lastname: 'Kumar' });
    expect(queryClient.getQueryData(['staff', 'record', 2, 1])).toBeUndefined();
  });
});
