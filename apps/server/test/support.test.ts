import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';
import type { Reply } from './reply.ts';

/** Issue 15: support search, regeneration (queued through pg-boss), 999, Ongoing Tests, Pending Results, timeline. */
let t: TestApp;
let support: string;
let admin: string;
let candidate: string;
beforeAll(async () => {
  t = await createTestApp({ queue: true });
  support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
  candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => t?.close());

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await sleep(100);
    v = await read();
  }
  return v;
}
const row = async (id: number) =>
  (
    await t.database.executeSql<{
      status: string;
      result_status: string | null;
      result_error: string | null;
      regen: unknown;
    }>('SELECT status, result_status, result_error, regen_queued_at AS regen FROM user_exams WHERE id = $1', [id])
  ).rows[0]!;

/** Starts the candidate's two-minute test, answers it (one save from the offline queue, one window switch) and submits. */
async function takeTwoMinuteTest(): Promise<number> {
  const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
  expect((await post(candidate, '/api/test/startExam', { id })).statusCode).toBe(200);
  const items = decode<QuestionItem[]>((await post(candidate, '/api/test/userTest', { examId: id })).json().quesData);
  const save = await post(candidate, '/api/test/answeredQuestions', {
    id,
    changes: [{ qid: items[0]!.qid, seq: 7, answer: { selectedChoiceId: items[0]!.choiceid.split('|^^|')[0] } }],
    windowSwitchCount: 1,
    offline: true,
  });
  expect(save.statusCode).toBe(200);
  return id;
}

describe('the operations demo data', () => {
  // First: later tests queue every pending result.
  it('has ongoing attempts, each pending list, a 999 result and a readable timeline', async () => {
    const active = (await get(admin, '/api/test/getActiveUsers')).json<Reply<'GET /api/test/getActiveUsers'>>();
    const rows = Object.values(active.result);
    expect(rows.map((r) => r.username)).toEqual(
      expect.arrayContaining(['priya.ops@example.com', 'arjun.ops@example.com']),
    );
    expect(rows.find((r) => r.username === 'priya.ops@example.com')).toMatchObject({
      browser: 'Chrome 131',
      device: 'Desktop (Windows)',
      answeredQuestionsCount: 2,
      totalQuestion: 4,
    });
    expect(rows.find((r) => r.username === 'arjun.ops@example.com')!.device).toBe('Mobile (iOS)');
    const l = (await post(admin, '/api/test/regeneratelisting', {})).json<Reply<'POST /api/test/regeneratelisting'>>()
      .data;
    expect(l.reGenerateListPendingAnswersInsertion.map((r) => r.username)).toContain('dev.ops@example.com');
    const failedRows = l.reGenerateListReadyToRegenerate.filter((r) => r.status === '999');
    expect(failedRows.map((r) => r.username).sort()).toEqual(['arjun.ops@example.com', 'dev.ops@example.com']);
    const failed = failedRows.find((r) => r.username === 'dev.ops@example.com')!;
    expect(failed).toMatchObject({ username: 'dev.ops@example.com', assessment_name: 'Operations Demo Test' });
    expect(failed.result_error).toMatch(/connection to the database was lost/);
    const found = (await post(support, '/api/test/searchUserOrg', { username: 'dev.ops@example.com' })).json<
      Reply<'POST /api/test/searchUserOrg'>
    >();
    expect(found.data.data.find((r) => r.status === '010')).toMatchObject({ mongodb_skipped: true });
    const tl = (await get(support, `/api/support/timeline/${failed.userexam_id}`)).json<
      Reply<'GET /api/support/timeline/:userExamId'>
    >();
    expect(tl.events.filter((e) => e.kind === 'signin')).toHaveLength(2);
    expect(tl.events.filter((e) => e.kind === 'score.run')).toHaveLength(4);
  });
});

describe('support search (searchUserOrg, searchRecord)', () => {
  it("finds a user's attempts by e-mail with the spec's row fields", async () => {
    const res = await post(support, '/api/test/searchUserOrg', { username: ` ${DEMO.candidate.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    const body = res.json<Reply<'POST /api/test/searchUserOrg'>>();
    expect(body.data.success).toBe(1);
    expect(body.data.data.length).toBeGreaterThan(3);
    expect(Object.keys(body.data.data[0]!).sort()).toEqual(
      [
        'userexams_id',
        'user_id',
        'examinstance_id',
        'org_id',
        'org_name',
        'exam_name',
        'start_timestamp',
        'finish_timestamp',
        'status',
        'result_status',
        'percentage',
        'queued',
        'already_in_queue',
        'mongodb_skipped',
        'result_error',
      ].sort(),
    );
    const processed = body.data.data.find((r) => r.result_status === 'Processed')!;
    expect(processed.org_name).not.toBe('');
    const rec = await post(support, '/api/test/searchRecord', { userId: processed.user_id, orgId: processed.org_id! });
    expect(rec.statusCode).toBe(200);
    const groups = rec.json<Reply<'POST /api/test/searchRecord'>>().data.groups;
    expect(groups.flatMap((g) => g.completed.map((c) => c.userexams_id))).toContain(processed.userexams_id);
  });

  it('answers success 0 with a message for an unknown e-mail, and 400 for an empty one', async () => {
    const res = await post(support, '/api/test/searchUserOrg', { username: 'nobody@example.com' });
    expect(res.json()).toEqual({ data: { success: 0, message: 'No user found with this e-mail id.', data: [] } });
    expect((await post(support, '/api/test/searchUserOrg', { username: '' })).statusCode).toBe(400);
  });

  it('refuses candidates (403) on every staff call, and support on the operations calls', async () => {
    for (const [m, url] of [
      ['POST', '/api/test/searchUserOrg'],
      ['POST', '/api/test/searchRecord'],
      ['POST', '/api/test/regenratetest'],
      ['GET', '/api/support/timeline/1'],
      ['GET', '/api/test/getActiveUsers'],
      ['POST', '/api/test/regeneratelisting'],
      ['GET', '/api/result/addintoqueue'],
    ] as const) {
      const res = await t.app.inject({
        method: m,
        url,
        headers: bearer(candidate),
        payload: m === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
    for (const url of ['/api/test/getActiveUsers', '/api/result/addintoqueue'])
      expect((await get(support, url)).statusCode, url).toBe(403);
    expect((await post(support, '/api/test/regeneratelisting', {})).statusCode).toBe(403);
  });
});

describe('ongoing tests, regeneration and the timeline of one scripted attempt', () => {
  let id: number;

  it('lists the started attempt in getActiveUsers with its answered count, browser and time left', async () => {
    id = await takeTwoMinuteTest();
    const res = await get(admin, '/api/test/getActiveUsers');
    expect(res.statusCode).toBe(200);
    const body = res.json<Reply<'GET /api/test/getActiveUsers'>>();
    expect(body.totalUsers).toBe(Object.keys(body.result).length);
    const mine = body.result[String(id)]!;
    expect(mine).toMatchObject({
      username: DEMO.candidate.email,
      userExamId: id,
      testName: EXAMS.twoMinute,
      answeredQuestionsCount: 1,
      activeTest: true,
    });
    expect(mine.totalQuestion).toBeGreaterThan(1);
    expect(mine.timeRemaining).toBeGreaterThan(60);
    expect(mine.timeRemaining).toBeLessThanOrEqual(120);
  });

  it('the live stream pushes the changed row after a save, and its removal after the submit', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    const res = await fetch(`${address}/api/test/getActiveUsers/stream`, {
      headers: bearer(admin),
      signal: ctrl.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const next = async (pred: (s: string) => boolean) => {
      const end = Date.now() + 5000;
      while (!pred(text) && Date.now() < end) {
        const r = await Promise.race([reader.read(), sleep(end - Date.now()).then(() => null)]);
        if (!r || r.done) break;
        text += new TextDecoder().decode(r.value);
      }
      return text;
    };
    await next((s) => s.includes(': connected'));
    const items = decode<QuestionItem[]>((await post(candidate, '/api/test/userTest', { examId: id })).json().quesData);
    const saved = Date.now();
    await post(candidate, '/api/test/answeredQuestions', {
      id,
      changes: [{ qid: items[1]!.qid, seq: 8, answer: { selectedChoiceId: items[1]!.choiceid.split('|^^|')[1] } }],
    });
    await next((s) => /"answeredQuestionsCount":2/.test(s));
    expect(text).toMatch(new RegExp(`event: active\\ndata: .*"userExamId":${id}.*"answeredQuestionsCount":2`));
    expect(Date.now() - saved).toBeLessThan(2000);
    text = '';
    const sub = await post(candidate, `/api/result/submittest/${id}`, { status: '010', questionsData: encode([]) });
    expect(sub.statusCode).toBe(200);
    await next((s) => s.includes(`"removed":[${id}]`));
    expect(text).toContain(`"removed":[${id}]`);
    ctrl.abort();
    const after = (await get(admin, '/api/test/getActiveUsers')).json<Reply<'GET /api/test/getActiveUsers'>>();
    expect(after.result[String(id)]).toBeUndefined();
  });

  it('regenerates through the queue: QUEUED, then ALREADY IN QUEUE, then one result', async () => {
    await until(
      () => row(id),
      (r) => r.result_status === 'Processed',
    );
    const payload = { data: { userExamId: id, userId: 0, examInstanceId: 0 } };
    const search = (await post(support, '/api/test/searchUserOrg', { username: DEMO.candidate.email })).json<
      Reply<'POST /api/test/searchUserOrg'>
    >();
    const r = search.data.data.find((x) => x.userexams_id === id)!;
    payload.data = { userExamId: id, userId: r.user_id, examInstanceId: r.examinstance_id };
    const replies = await Promise.all([1, 2, 3, 4].map(() => post(support, '/api/test/regenratetest', payload)));
    const bodies = replies.map((x) => x.json<Reply<'POST /api/test/regenratetest'>>());
    expect(bodies.filter((b) => b.queued)).toHaveLength(1);
    expect(bodies.filter((b) => b.already_in_queue)).toHaveLength(3);
    expect(bodies.find((b) => b.queued)).toMatchObject({ success: 1, message: 'QUEUED', mongodb_skipped: false });
    const done = await until(
      () => row(id),
      (x) => x.regen === null,
    );
    expect(done).toMatchObject({ status: '010', result_status: 'Processed', result_error: null });
    // A wrong owner or exam is not found; it is never queued.
    const wrong = await post(support, '/api/test/regenratetest', { data: { ...payload.data, userId: r.user_id + 1 } });
    expect(wrong.json()).toMatchObject({ success: 0, message: 'User exam not found.', queued: false });
  }, 90_000);

  it('a scoring that fails after its retries sets 999 with the reason; regeneration recovers it', async () => {
    // The result cannot be written (as a full disk or a lost connection would): every run throws.
    await t.database.executeSql(`
      CREATE FUNCTION test_fail_score() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${id} AND NEW.result_date IS DISTINCT FROM OLD.result_date THEN RAISE EXCEPTION 'result write refused (test)'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_score BEFORE UPDATE ON user_exams FOR EACH ROW EXECUTE FUNCTION test_fail_score();`);
    const ids = { userExamId: id, userId: 0, examInstanceId: 0 };
    const found = (await post(support, '/api/test/searchUserOrg', { username: DEMO.candidate.email })).json<
      Reply<'POST /api/test/searchUserOrg'>
    >();
    const r = found.data.data.find((x) => x.userexams_id === id)!;
    Object.assign(ids, { userId: r.user_id, examInstanceId: r.examinstance_id });
    expect((await post(support, '/api/test/regenratetest', { data: ids })).json()).toMatchObject({ queued: true });
    const failed = await until(
      () => row(id),
      (x) => x.status === '999' && x.regen === null,
    );
    expect(failed.status).toBe('999');
    expect(failed.result_status).toBe('Failed');
    expect(failed.result_error).toBe('result write refused (test)');
    const listing = (await post(admin, '/api/test/regeneratelisting', {})).json<
      Reply<'POST /api/test/regeneratelisting'>
    >();
    expect(listing.data.reGenerateListReadyToRegenerate.map((x) => x.userexam_id)).toContain(id);
    expect(listing.data.reGenerateListReadyToRegenerate.find((x) => x.userexam_id === id)).toMatchObject({
      username: DEMO.candidate.email,
      assessment_name: EXAMS.twoMinute,
      result_error: failed.result_error,
    });
    await t.database.executeSql('DROP TRIGGER test_fail_score ON user_exams; DROP FUNCTION test_fail_score();');
    const queued = await get(admin, '/api/result/addintoqueue');
    expect(queued.statusCode).toBe(200);
    expect(queued.json().queued).toBeGreaterThanOrEqual(1);
    const back = await until(
      () => row(id),
      (x) => x.status === '010' && x.regen === null,
    );
    expect(back).toMatchObject({ status: '010', result_status: 'Processed', result_error: null });
  }, 90_000);

  it('the timeline tells the attempt: sign-in, start, saves (seq, offline), switch, submit, scoring runs, staff', async () => {
    // Support looks at the candidate's reference picture: recorded too.
    expect((await post(support, '/api/test/sendPrimaryImage', { userexamid: id })).statusCode).toBe(200);
    const res = await get(support, `/api/support/timeline/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Reply<'GET /api/support/timeline/:userExamId'>>();
    expect(body.attempt).toMatchObject({ userExamId: id, username: DEMO.candidate.email, examName: EXAMS.twoMinute });
    const kinds = body.events.map((e) => e.kind);
    for (const k of [
      'signin',
      'start',
      'save',
      'window_switch',
      'submission',
      'closed',
      'score.run',
      'staff.regenerate',
      'staff.media',
    ])
      expect(kinds, k).toContain(k);
    const times = body.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const offline = body.events.find((e) => e.kind === 'save' && e.data.offline === true)!;
    expect(offline.data).toMatchObject({ seq: 7, form: 'delta', changes: 1 });
    expect(body.events.find((e) => e.kind === 'signin')!.data).toHaveProperty('browser');
    expect(body.events.find((e) => e.kind === 'submission')!.data).toMatchObject({
      submitType: 'STANDARD',
      status: '010',
    });
    expect(body.events.filter((e) => e.kind === 'score.run' && e.data.ok === false)).toHaveLength(4);
    expect(body.events.find((e) => e.kind === 'staff.regenerate')!.actor).toBe(DEMO.support.email);
    // Paging by id: the next page is older and does not repeat.
    const page1 = (await get(support, `/api/support/timeline/${id}?limit=3`)).json<
      Reply<'GET /api/support/timeline/:userExamId'>
    >();
    const page2 = (await get(support, `/api/support/timeline/${id}?limit=3&before=${page1.nextBefore}`)).json<
      Reply<'GET /api/support/timeline/:userExamId'>
    >();
    expect(page2.events.length).toBeGreaterThan(0);
    expect(Math.max(...page2.events.map((e) => e.id))).toBeLessThan(page1.nextBefore!);
    // Viewing it is itself recorded, with who did it.
    const again = (await get(support, `/api/support/timeline/${id}`)).json<
      Reply<'GET /api/support/timeline/:userExamId'>
    >();
    expect(again.events.find((e) => e.kind === 'staff.timeline')?.actor).toBe(DEMO.support.email);
    expect((await get(support, '/api/support/timeline/999999')).statusCode).toBe(404);
  });
});

describe('the live stream and the session behind it', () => {
  it('ends when its session ends (a sign-in elsewhere) and pushes nothing more', async () => {
    const addr = t.app.server.address();
    const base =
      addr && typeof addr === 'object'
        ? `http://127.0.0.1:${addr.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/test/getActiveUsers/stream`, { headers: bearer(admin) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    let ended = false;
    const read = async (until: (s: string) => boolean) => {
      const end = Date.now() + 5000;
      while (!ended && !until(text) && Date.now() < end) {
        const r = await Promise.race([reader.read(), sleep(end - Date.now()).then(() => null)]);
        if (!r) break;
        if (r.done) ended = true;
        else text += new TextDecoder().decode(r.value);
      }
    };
    await read((s) => s.includes(': connected'));
    // The administrator signs in on another device: the stream's session is revoked.
    admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    // A change the stream would push: the candidate starts another test.
    const other = await attemptId(t, DEMO.candidate.email, EXAMS.windowSwitch);
    await post(candidate, '/api/test/userTest', { examId: other });
    expect((await post(candidate, '/api/test/startExam', { id: other })).statusCode).toBe(200);
    await read(() => false);
    expect(ended, 'the stream ended').toBe(true);
    expect(text).not.toContain('event: active');
    // The new session still watches live.
    const again = await fetch(`${base}/api/test/getActiveUsers/stream`, { headers: bearer(admin) });
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });

  it("the stream's session checks do not keep an unattended session alive", async () => {
    const token = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const lastSeen = async () =>
      (
        await t.database.executeSql<{ at: string }>(
          `SELECT s.last_seen_at::text AS at FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE u.email = $1 AND s.revoked_at IS NULL`,
          [DEMO.support.email],
        )
      ).rows[0]!.at;
    await t.database.executeSql(
      `UPDATE sessions SET last_seen_at = now() - interval '5 minutes'
        WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [DEMO.support.email],
    );
    const before = await lastSeen();
    expect(await t.app.ctx.repositories.sessions.touch(token, false)).not.toBeNull();
    expect(await lastSeen()).toBe(before);
    support = token;
  });
});
