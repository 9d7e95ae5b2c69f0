import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { HttpError, busy } from '../src/lib/http-errors.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

it('a busy error answers 503 with Retry-After and retryAfter in the body', async () => {
  const app = await appThrowing(busy('The code runner is busy, please try again shortly', 7));
  const res = await app.inject({ url: '/x' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('7');
  expect(res.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The code runner is busy, please try again shortly',
    retryAfter: 7,
  });
  await app.close();
});

it('an HttpError without retryAfterSeconds has no Retry-After; a plain error is a bare 500', async () => {
  const plain = await appThrowing(new HttpError(503, 'Down', { code: 'X' }));
  const res = await plain.inject({ url: '/x' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBeUndefined();
  expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Down', code: 'X' });
  await plain.close();
  const crash = await appThrowing(new Error('secret detail'));
  const boom = await crash.inject({ url: '/x' });
  expect(boom.statusCode).toBe(500);
  expect(boom.body).not.toContain('secret detail');
  await crash.close();
});
