import type { EndpointKey } from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The typed endpoint map (packages/contracts/src/endpoints.ts) is types only, so the browser gets
 * no bytes of it. Its keys are listed here as an object typed Record<EndpointKey, true>: the
 * compiler rejects a missing key and an extra one, so this list is the map's keys, checked by
 * `tsc`, without a runtime list in contracts and without parsing source text.
 */
const MAP_KEYS: Record<EndpointKey, true> = {
  'POST /api/login': true,
  'POST /api/login/auto': true,
  'POST /api/login/invite': true,
  'GET /api/login/logout': true,
  'GET /api/dashboard/getProfile': true,
  'POST /api/dashboard/updateProfile': true,
  'POST /api/dashboard/updatePassword': true,
  'POST /api/dashboard/userHome': true,
  'POST /api/dashboard/menu': true,
  'GET /api/test/getUserOrgData': true,
  'GET /api/dashboard/getLanguages': true,
  'POST /api/dashboard/practice': true,
  'GET /api/users/group-report/:userId/:groupId': true,
  'GET /api/system/speedtest': true,
  'POST /api/test/userTest': true,
  'POST /api/test/startExam': true,
  'POST /api/test/resumeExam': true,
  'POST /api/test/answeredQts': true,
  'POST /api/test/answeredQuestions': true,
  'GET /api/test/retest/:userExamId': true,
  'POST /api/test/questionIssues': true,
  'POST /api/test/nextQuestion': true,
  'POST /api/result/submittest/:id': true,
  'POST /api/result/fallbacksubmit/:id': true,
  'POST /api/result/independent-resultprocess': true,
  'GET /api/result/status/:id': true,
  'POST /api/test/manualGenerateResult': true,
  'POST /api/result/uploadfile': true,
  'POST /api/result/downloadfile': true,
  'GET /api/result/files/*': true,
  'GET /api/media/signed/*': true,
  'GET /api/test/programlanguages': true,
  'POST /api/test/programSkeleton': true,
  'POST /api/test/compilecode': true,
  'GET /api/test/getTables': true,
  'POST /api/facial-analysis/single-face': true,
  'POST /api/facial-analysis/face-match': true,
  'POST /api/test/getaudio': true,
  'POST /api/test/savePrimaryImage': true,
  'POST /api/test/sendPrimaryImage': true,
  'POST /api/test/getMonitoringData': true,
  'POST /api/test/saveImage': true,
  'POST /api/test/saveErrorImage': true,
  'POST /api/proctoring/photoCheck': true,
  'POST /api/mobile-testing/store-permission-logs': true,
  'POST /api/mobile-testing/audioLogs': true,
  'POST /api/mobile-testing/videoLogs': true,
  'GET /api/facial-analysis/stats': true,
  'POST /api/test/searchUserOrg': true,
  'POST /api/test/searchRecord': true,
  'POST /api/test/regenratetest': true,
  'GET /api/support/timeline/:userExamId': true,
  'GET /api/support/media/:userExamId': true,
  'POST /api/support/unlock': true,
  'GET /api/test/getActiveUsers': true,
  'GET /api/test/getActiveUsers/stream': true,
  'POST /api/test/regeneratelisting': true,
  'GET /api/result/addintoqueue': true,
  'POST /api/uploads': true,
  'PATCH /api/uploads/:id': true,
  'DELETE /api/uploads/:id': true,
  'POST /api/test/uploadaudio': true,
  'POST /api/test/questionAudioPlay': true,
  'POST /api/test/validateAudioTestData': true,
  'POST /api/test/uploadvideo': true,
  'POST /api/test/validateVideoTestData': true,
  'POST /api/test/uploadImg': true,
  'POST /api/admin/imports': true,
  'POST /api/admin/imports/extension': true,
  'POST /api/admin/rosters': true,
  'GET /api/admin/tests': true,
  'POST /api/admin/schedules': true,
  'GET /api/admin/tests/:id/export': true,
};

/**
 * Every route the app registers, seen by an onRoute hook added to each Fastify instance as it is
 * created (Fastify has no public list of its routes; the hook sees a route as it is added).
 */
const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const fastify = mod.default as unknown as (...args: unknown[]) => FastifyInstance;
  const create = ((...args: unknown[]) => {
    const app = fastify(...args);
    app.addHook('onRoute', (route) => {
      const methods: readonly string[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.add(`${method} ${route.url}`);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: create };
});

/** The API's calls: Fastify's automatic HEAD twins and the OpenAPI pages (/api/docs) are not calls. */
const isApiCall = (key: string) => {
  const [method, url] = key.split(' ') as [string, string];
  return method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith('/api/docs');
};

describe('endpoint map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has exactly the /api routes the server registers', () => {
    const routes = [...registered].filter(isApiCall).sort();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes).toEqual(Object.keys(MAP_KEYS).sort());
  });
});
