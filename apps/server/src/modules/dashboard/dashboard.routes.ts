import { randomBytes } from 'node:crypto';
import {
  ApplyPracticeRequest,
  ApplyPracticeResponse,
  DashboardMenuRequest,
  DashboardMenuResponse,
  GetLanguagesHeaders,
  GetLanguagesResponse,
  GetUserOrgDataResponse,
  GroupReportParams,
  SYSTEM_CHECK,
  UserHomeRequest,
  UserHomeResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Incompressible bytes for the bandwidth check (made once per process). */
const SPEED_TEST_PAYLOAD = randomBytes(SYSTEM_CHECK.speedTestBytes);

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dashboard, groupReports: reports } = app.ctx.services;
  const tags = ['dashboard'];

  app.post(
    '/api/dashboard/userHome',
    {
      schema: {
        tags,
        summary: "The signed-in user's lists of one tab in one organisation",
        body: UserHomeRequest,
        response: { 200: UserHomeResponse },
      },
    },
    async (req) => dashboard.userHome(req.user.id, req.body),
  );

  app.post(
    '/api/dashboard/menu',
    {
      schema: {
        tags,
        summary: 'Menu action: remember the menu item and organisation, answer its lists',
        body: DashboardMenuRequest,
        response: { 200: DashboardMenuResponse },
      },
    },
    async (req) => dashboard.menu(req.user.id, req.body),
  );

  app.get(
    '/api/test/getUserOrgData',
    {
      schema: {
        tags,
        summary: 'The last menu, organisation and type button',
        response: { 200: GetUserOrgDataResponse },
      },
    },
    async (req) => dashboard.userOrgData(req.user.id),
  );

  app.get(
    '/api/dashboard/getLanguages',
    {
      schema: {
        tags,
        summary: 'Languages one of your tests offers (header userexamid)',
        headers: GetLanguagesHeaders,
        response: { 200: GetLanguagesResponse },
      },
    },
    async (req) => dashboard.languages(req.user.id, Number(req.headers.userexamid)),
  );

  app.post(
    '/api/dashboard/practice',
    {
      schema: {
        tags,
        summary: 'Apply to a practice test',
        body: ApplyPracticeRequest,
        response: { 200: ApplyPracticeResponse },
      },
    },
    async (req) => dashboard.applyPractice(req.user.id, req.body),
  );

  app.get(
    '/api/users/group-report/:userId/:groupId',
    {
      schema: { tags, summary: 'Your own group report as a PDF', params: GroupReportParams },
    },
    async (req, reply) => {
      const report = await reports.build(req.user.id, req.params.userId, req.params.groupId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .header('cache-control', 'no-store')
        .send(report.pdf);
    },
  );

  app.get(
    '/api/system/speedtest',
    {
      schema: { tags, summary: `Bandwidth check: ${SYSTEM_CHECK.speedTestBytes} bytes` },
    },
    async (_req, reply) =>
      reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .send(SPEED_TEST_PAYLOAD),
  );
}
