import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

/**
 * Calls made as the spec's client or a careless caller makes them (sections 5, 7 and 8): the
 * spec's texts where it names one, otherwise a 4xx whose message names what is wrong.
 */
describe('the API as the spec words it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  describe('section 8: a 401 carries the session-expired notice', () => {
    it.each([
      ['no token', {}],
      ['an unknown token', bearer('never-issued-token-never-issued-token-xx')],
    ])('%s', async (_what, headers) => {
      const res = await t.app.inject({ url: '/api/dashboard/getProfile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Session expired. Please login again!',
      });
    });
  });
});
