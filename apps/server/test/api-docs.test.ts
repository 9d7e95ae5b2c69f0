import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

interface Operation {
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
}

/** Issue 11, item 13: the OpenAPI document lists every operation's error replies and their shape. */
describe('OpenAPI error replies', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

  it('every operation documents 400, and 401 and 403 when it needs a session, as ErrorReply', () => {
    const access = new Map(t.app.routeAccess.map((r) => [`${r.method.toLowerCase()} ${r.url}`, r.access]));
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(40);
    for (const { path, method, op } of ops) {
      const fastifyPath = path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
      const isPublic = access.get(`${method} ${fastifyPath}`) === 'public';
      const expected = isPublic ? ['400'] : ['400', '401', '403'];
      for (const status of expected) {
        const reply = op.responses[status];
        expect(reply, `${method} ${path} ${status}`).toBeDefined();
        const schema = reply!.content?.['application/json']?.schema;
        expect(schema?.required, `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['statusCode', 'error', 'message']),
        );
      }
    }
  });

  it('POST operations also document 413 and every operation 404; the sign-in keeps its own 401', () => {
    for (const { path, method, op } of operations()) {
      expect(op.responses['404'], `${method} ${path}`).toBeDefined();
      if (method === 'post') expect(op.responses['413'], `${method} ${path}`).toBeDefined();
    }
    const login = paths['/api/login']!['post']!.responses;
    const props = login['401']!.content!['application/json']!.schema.properties ?? {};
    expect(Object.keys(props)).toContain('remainingAttempts');
    expect(login['423']).toBeDefined();
    // File replies (no JSON schema) still document their 200.
    expect(paths['/api/system/speedtest']!['get']!.responses['200']).toBeDefined();
  });
});
