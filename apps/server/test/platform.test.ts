import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobPings } from '@invigil/db';
import { pingJob } from '../src/modules/operations/ping.job.ts';
import { createTestApp, dbKind, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ queue: true });
});
afterAll(async () => t?.close());

it(`runs a queued job end to end on ${dbKind}`, async () => {
  const job = pingJob(t.database);
  const id = await t.app.ctx.queue!.send(job, { message: 'hello from the queue' });
  expect(id).toBeTruthy();
  const deadline = Date.now() + 20_000;
  let rows: Array<{ message: string }> = [];
  while (Date.now() < deadline) {
    rows = await t.database.db.select().from(jobPings);
    if (rows.length) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(rows.map((r) => r.message)).toEqual(['hello from the queue']);
});

it('refuses a job payload that does not match its schema', async () => {
  await expect(t.app.ctx.queue!.send(pingJob(t.database), { message: '' })).rejects.toThrow();
});

it('serves health, readiness and the OpenAPI document with the spec calls', async () => {
  expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: dbKind });
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  for (const p of [
    '/api/login',
    '/api/login/logout',
    '/api/dashboard/getProfile',
    '/api/dashboard/updateProfile',
    '/api/dashboard/updatePassword',
  ]) {
    expect(Object.keys(doc.paths)).toContain(p);
  }
  expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
    'userName',
  );
});

it('answers 404 in the error shape for an unknown API path', async () => {
  const res = await t.app.inject({ url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
});
