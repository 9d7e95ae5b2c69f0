import { MESSAGES } from '@invigil/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';

export interface AuthUser {
  id: number;
  role: string;
  sessionId: number;
}

/** How a route is reached: without a session, with any session, or with one of some roles. */
type RouteAccess = 'public' | 'user' | { roles: readonly string[] };

interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (an /api route is authenticated unless it says so). */
    public?: boolean;
    /** Only sessions of these roles; others get 403. */
    roles?: readonly string[];
  }
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyInstance {
    /** Every /api route and its access, as registered (for tests and review). */
    routeAccess: RouteAccessEntry[];
  }
}

/** The spec's session-expired notice (section 8): every 401 of a missing or ended session. */
const SESSION_INVALID = MESSAGES.sessionExpired;
const NOT_ALLOWED = 'You are not allowed to do this.';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

/** The API scope: everything under /api is authenticated by default. */
const isApiUrl = (url: string | undefined) => !!url && (url === '/api' || url.startsWith('/api/'));

function accessOf(config: { public?: boolean; roles?: readonly string[] } | undefined): RouteAccess {
  if (config?.public) return 'public';
  if (config?.roles) return { roles: config.roles };
  return 'user';
}

function checkRouteConfig(route: RouteOptions) {
  const config = route.config as { public?: boolean; roles?: readonly string[] } | undefined;
  if (config?.public && config.roles)
    throw new Error(`${route.method} ${route.url}: a route is either public or limited to roles`);
  if (config?.roles && config.roles.length === 0) throw new Error(`${route.method} ${route.url}: roles is empty`);
}

/**
 * Authentication on by default: an onRequest hook checks the bearer session of every /api
 * route unless its config says `public: true`, and the roles of a route with `roles: [...]`.
 * It runs before the body is parsed, so an anonymous call gets 401 before any validation.
 * Register it before any route (the docs plugin included).
 */
export function registerAuth(app: FastifyInstance) {
  const { sessions } = app.ctx.repositories;
  app.decorateRequest('user', null as unknown as AuthUser);
  // Read when asked: a plugin's own onRoute hook (the docs') may still mark a route public.
  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url)) apiRoutes.push(route);
  });
  app.addHook('onReady', async () => apiRoutes.forEach(checkRouteConfig));
  app.decorate('routeAccess', {
    getter: () =>
      apiRoutes.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, access: accessOf(route.config) })),
      ),
  });
  app.addHook('onRequest', async (request) => {
    const { url, config } = request.routeOptions;
    if (!isApiUrl(url) || config.public) return;
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, SESSION_INVALID);
    const session = await sessions.touch(token);
    if (!session) throw new HttpError(401, SESSION_INVALID);
    request.user = session;
    if (config.roles && !config.roles.includes(session.role)) throw new HttpError(403, NOT_ALLOWED);
  });
}

/**
 * For a reply that outlives the request's own check (an event stream): whether the request's
 * session is still open and of the route's roles. A stream stops when it is not (ADR 0205).
 */
export function sessionStillValid(app: FastifyInstance, request: FastifyRequest): () => Promise<boolean> {
  const token = bearerToken(request);
  const roles = request.routeOptions.config.roles;
  const { sessions } = app.ctx.repositories;
  const sessionId = request.user?.sessionId;
  return async () => {
    if (!token) return false;
    const session = await sessions.touch(token, false);
    return !!session && session.sessionId === sessionId && (!roles || roles.includes(session.role));
  };
}
