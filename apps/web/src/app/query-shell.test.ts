import { describe, expect, it } from 'vitest';
import { clearLogin, storeLogin } from '../lib/session.ts';
import { ASHA as asha, RAVI } from '../lib/demo-sign-ins.test-support.ts';
import { queryClient } from './query-shell.tsx';

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
    storeLogin(RAVI);
    expect(queryClient.getQueryData(['staff', 'record', 2, 1])).toBeUndefined();
  });
});
