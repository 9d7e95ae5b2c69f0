import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromSchema, junk, useKnownIds, type JsonSchema } from './fuzz/arbitraries.ts';
import { attemptId, EXAMS } from './exam/support.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * Issue 11, Tests: a property-based fuzz of every operation of the OpenAPI document, as the demo
 * candidate and anonymously. Every reply must be a status the document lists for that
 * operation, and never 500. Fixed seed and a small budget, so it runs in every `npm test`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** FUZZ_RUNS=500 FUZZ_SEED=7 npx vitest run --project api test/fuzz.test.ts: a longer campaign. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}
interface Sent {
  auth: boolean;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

const fileKey = fc.oneof(
  fc.constantFrom('answer-files/1/1/a.pdf', 'answer-files/1/1/..', 'answer-files/9/9/x', 'a/b', '%', ''),
  fc.string({ maxLength: 30 }),
);
const paramArb = (p: Parameter) => (p.name === '*' ? fileKey : fromSchema(p.schema));
const recordOf = (ps: Parameter[]) =>
  fc.record(Object.fromEntries(ps.map((p) => [p.name, paramArb(p)])), {
    requiredKeys: ps.filter((p) => p.required || p.in === 'path').map((p) => p.name),
  });

function requestArb(op: Operation): fc.Arbitrary<Sent> {
  const ps = op.parameters ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  return fc.record({
    auth: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    path: recordOf(ps.filter((p) => p.in === 'path')),
    query: recordOf(ps.filter((p) => p.in === 'query')),
    headers: recordOf(ps.filter((p) => p.in === 'header')),
    body: body ? fromSchema(body) : fc.option(junk, { nil: undefined }),
  });
}

/** A generated value as path, query or header text (objects, null-prototype ones too, as JSON). */
const text = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
const segment = (v: unknown) => encodeURIComponent(text(v));
const strings = (o: Record<string, unknown>, clean = (s: string) => s) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, clean(text(v))]));
const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

let t: TestApp;
let token: string;
const signIn = () => loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn();
  // One attempt in progress, and the candidate's attempt and question ids to aim at.
  const started = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
  await t.app.inject({ method: 'POST', url: '/api/test/startExam', headers: bearer(token), payload: { id: started } });
  const { rows } = await t.database.executeSql<{ ue: number; q: number }>(
    `SELECT ue.id AS ue, q.id AS q FROM user_exams ue JOIN users u ON u.id = ue.user_id
      JOIN questions q ON q.exam_id = ue.exam_id WHERE u.email = $1`,
    [DEMO.candidate.email],
  );
  useKnownIds([...new Set(rows.flatMap((r) => [Number(r.ue), Number(r.q)]))]);
});
afterAll(() => t.close());

it('every operation answers a documented status and never 500 (fast-check, fixed seed)', async () => {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const started = Date.now();
  let requests = 0;
  for (const [i, { path, method, op }] of ops.entries()) {
    let found = '';
    const property = fc.asyncProperty(requestArb(op), async (sent) => {
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        name === '*' ? text(sent.path[name]).split('/').map(segment).join('/') : segment(sent.path[name]),
      );
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        query: strings(sent.query),
        headers: {
          ...strings(sent.headers, printable),
          ...(sent.auth ? bearer(token) : {}),
          ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload: sent.body === undefined ? undefined : JSON.stringify(sent.body),
      });
      requests += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // Sign in again after a sign-out (wrong passwords go to candidate2, so the candidate is never locked).
      if (sent.auth && path === '/api/login/logout' && res.statusCode === 200) token = await signIn();
      const documented = res.statusCode in op.responses;
      if (res.statusCode === 500 || !documented) {
        found = `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)} (sent ${JSON.stringify(sent)})`;
        throw new Error(found);
      }
    });
    try {
      await fc.assert(property, { seed: SEED + i, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
    } catch (e) {
      failures.push(found || `${method} ${path}: ${(e as Error).message}`);
    }
  }
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`);
  console.info(`fuzz: seed ${SEED}, ${requests} requests, ${Date.now() - started} ms, statuses ${seen.join(' ')}`);
  expect(failures).toEqual([]);
}, 600_000);
