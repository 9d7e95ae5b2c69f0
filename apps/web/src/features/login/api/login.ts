import { ApiError, apiPost } from '../../../lib/api-client.ts';
import type { ApiReply } from '../../../lib/api-types.ts';

type LoginReply = ApiReply<'POST /api/login'>;

/** POST /api/login and POST /api/login/auto: the body is the answer whatever the HTTP status. */
async function answerOf(call: Promise<LoginReply>): Promise<LoginReply> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError && e.body && typeof e.body === 'object') {
      // A refused sign-in answers with the same shape as a success (status, message, attempts).
      const body = e.body as Partial<LoginReply>;
      return {
        status: body.status ?? 'FAILURE',
        message: body.message ?? '',
        remainingAttempts: body.remainingAttempts,
      };
    }
    throw e;
  }
}

export const login = (userName: string, password: string, regen = false) =>
  answerOf(apiPost('/api/login', { userName: userName.toLowerCase(), password, regen }));

export const autoLogin = (p: { ref: string; email: string; sig: string }, regen = false) =>
  answerOf(apiPost('/api/login/auto', { ...p, regen }));

/** POST /api/login/invite: a new user's first password from a set-password link; signs in. */
export const setPassword = (token: string, password: string, regen = false) =>
  answerOf(apiPost('/api/login/invite', { token, password, regen }));
