import type { LoginResponse } from '@invigil/contracts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';

/** POST /api/login and POST /api/login/auto: the body is the answer whatever the HTTP status. */
async function call(path: string, body: unknown): Promise<LoginResponse> {
  try {
    return await apiPost<LoginResponse>(path, body);
  } catch (e) {
    if (e instanceof ApiError && e.body && typeof e.body === 'object') {
      return {
        status: e.body.status ?? 'FAILURE',
        message: e.body.message,
        remainingAttempts: e.body.remainingAttempts,
      };
    }
    throw e;
  }
}

export const login = (userName: string, password: string, regen = false) =>
  call('/api/login', { userName: userName.toLowerCase(), password, regen });

export const autoLogin = (p: { ref: string; email: string; sig: string }, regen = false) =>
  call('/api/login/auto', { ...p, regen });
