import {
  AutoLoginRequest,
  LoginReplies,
  LoginRequest,
  LogoutResponse,
  MESSAGES,
  SetPasswordRequest,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors.ts';
import { autoLoginKey, verifyAutoLogin } from './auto-login.service.ts';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repositories, services } = app.ctx;
  const { users, sessions, usedLinks } = repositories;
  const { auth, setPassword } = services;
  const loginLimit = { max: config.loginRatePerMinute, timeWindow: '1 minute' };
  const meta = (req: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: String(req.headers['user-agent'] ?? ''),
    ip: req.ip,
  });

  app.post(
    '/api/login',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: LoginReplies },
    },
    async (req, reply) => {
      const outcome = await auth.login(req.body.userName, req.body.password, req.body.regen, meta(req));
      return reply.status(outcome.httpStatus as 200).send(outcome.body);
    },
  );

  app.post(
    '/api/login/auto',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], summary: 'Sign in with a signed link', body: AutoLoginRequest, response: LoginReplies },
    },
    async (req, reply) => {
      const key = autoLoginKey(config.dataDir, config.autoLoginSecret);
      const { email, expiresAt } = verifyAutoLogin(key, req.body, config.autoLoginTtlMinutes);
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(401, MESSAGES.autoLoginInvalid);
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
        return reply.status(423).send({ status: 'LOCKED', message: MESSAGES.locked, remainingAttempts: 0 });
      }
      // Single use: the link is used up when it opens a session; a second use reads as expired.
      const claim = async () => {
        if (!(await usedLinks.claim(req.body.sig, user.id, expiresAt)))
          throw new HttpError(401, MESSAGES.autoLoginExpired);
      };
      const outcome = await auth.openSession(user, req.body.regen, meta(req), claim);
      return reply.status(outcome.httpStatus as 200).send(outcome.body);
    },
  );

  app.post(
    '/api/login/invite',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: {
        tags: ['auth'],
        summary: "Set a new user's first password from a set-password link, and sign in",
        body: SetPasswordRequest,
        response: LoginReplies,
      },
    },
    async (req, reply) => {
      const { token, password, regen } = req.body;
      const outcome = await setPassword.setPassword(token, password, regen, meta(req));
      return reply.status(outcome.httpStatus as 200).send(outcome.body);
    },
  );

  app.get(
    '/api/login/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out this session', response: { 200: LogoutResponse } },
    },
    async (req) => {
      await sessions.revoke(req.user.sessionId, 'logout');
      return { status: 'Logout' as const };
    },
  );
}
