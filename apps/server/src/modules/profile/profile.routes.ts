import {
  GetProfileHeaders,
  GetProfileResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { profile } = app.ctx.services;

  app.get(
    '/api/dashboard/getProfile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user profile',
        headers: GetProfileHeaders,
        response: { 200: GetProfileResponse },
      },
    },
    async (req) => profile.get(req.user.id, req.headers.orgid ? Number(req.headers.orgid) : null),
  );

  app.post(
    '/api/dashboard/updateProfile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update name and contact number',
        body: UpdateProfileRequest,
        response: { 200: UpdateProfileResponse },
      },
    },
    async (req) => profile.update(req.user.id, req.body),
  );

  app.post(
    '/api/dashboard/updatePassword',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change password',
        body: UpdatePasswordRequest,
        response: { 200: UpdatePasswordResponse },
      },
    },
    async (req) => profile.changePassword(req.user, req.body),
  );
}
