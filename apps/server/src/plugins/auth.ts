import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';

export interface AuthUser {
  id: number;
  role: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid, unrevoked, unexpired bearer session. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: requireUser plus one of the roles. */
    requireRole(...roles: string[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

export const SESSION_INVALID = 'Your session has ended. Please login again.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

const AUTH_HOOK = Symbol('auth-hook');
type Hook = ((...args: any[]) => unknown) & { [AUTH_HOOK]?: true };
const asArray = (h: unknown): Hook[] => (Array.isArray(h) ? h : h ? [h as Hook] : []);

/**
 * Routes declare `preHandler: app.requireUser` (or requireRole); those checks are moved to
 * onRequest so an unauthenticated call gets 401 before its body is parsed or validated.
 */
function runAuthFirst(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const pre = asArray(route.preHandler);
    const auth = pre.filter((h) => h[AUTH_HOOK]);
    if (!auth.length) return;
    route.preHandler = pre.filter((h) => !h[AUTH_HOOK]) as any;
    route.onRequest = [...asArray(route.onRequest), ...auth] as any;
  });
}

export function registerAuth(app: FastifyInstance) {
  runAuthFirst(app);
  const { sessions } = app.ctx.repositories;
  app.decorateRequest('user', null as unknown as AuthUser);
  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, SESSION_INVALID);
    const session = await sessions.touch(token);
    if (!session) throw new HttpError(401, SESSION_INVALID);
    request.user = session;
  };
  (requireUser as Hook)[AUTH_HOOK] = true;
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (...roles: string[]) => {
    const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireUser(request);
      if (!roles.includes(request.user.role)) throw new HttpError(403, 'You are not allowed to do this.');
    };
    (hook as Hook)[AUTH_HOOK] = true;
    return hook;
  });
}
