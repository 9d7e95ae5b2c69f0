import type { SignedIn } from './session.ts';

/** The two demo candidates as the session keeps them, for tests of what one leaves the other. */
export const ASHA: SignedIn = {
  token: 'token-a',
  role: 'ROLE_CANDIDATE',
  userId: 1,
  email: 'candidate@example.com',
  firstname: 'Asha',
  lastname: 'Rao',
  organizationId: 1,
};

export const RAVI: SignedIn = {
  token: 'token-b',
  role: 'ROLE_CANDIDATE',
  userId: 2,
  email: 'candidate2@example.com',
  firstname: 'Ravi',
  lastname: 'Kumar',
  organizationId: 1,
};
