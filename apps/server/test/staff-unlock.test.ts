import { MESSAGES, MAX_ID } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, EXAMS } from './exam/support.ts';
import type { Reply } from './reply.ts';

/**
 * Staff unlock (security review: anyone who knows an e-mail can lock the account): support
 * clears the lockout, the candidate signs in again at once, and the unlock is on the timeline.
 */
let t: TestApp;
let support: string;
let admin: string;
let candidate: string;
beforeAll(async () => {
  t = await createTestApp({ maxLoginAttempts: 3, lockMinutes: 15 });
  support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
  candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => t?.close());

const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { userName, password, regen: true } });
const unlock = (payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/support/unlock',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const search = async (username: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/test/searchUserOrg',
      headers: bearer(support),
      payload: { username },
    })
  ).json<Reply<'POST /api/test/searchUserOrg'>>().data;

describe(`staff unlock (${dbKind})`, () => {
  it('lets a candidate locked by wrong passwords sign in again once support unlocks the account', async () => {
    const email = DEMO.candidate.email;
    // The candidate is in a test when someone else locks the account with wrong passwords.
    const id = await attemptId(t, email, EXAMS.twoMinute);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/test/startExam',
      headers: bearer(candidate),
      payload: { id },
    });
    expect(started.statusCode).toBe(200);
    const wrong: string[] = [];
    for (let i = 0; i < 3; i++) wrong.push((await login(email, 'wrong')).json().message);
    expect(wrong[2]).toBe(MESSAGES.locked);
    const locked = await login(email, DEMO.candidate.password);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe(MESSAGES.locked);

    const found = await search(email.toUpperCase());
    expect(found.success).toBe(1);
    expect(found.account?.user_id).toEqual(expect.any(Number));
    const until = new Date(found.account!.locked_until!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    const res = await unlock({ userId: found.account!.user_id }, support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: 1,
      message: 'The account is unlocked.',
      user_id: found.account!.user_id,
      was_locked: true,
      locked_until: null,
    });
    expect((await search(email)).account).toEqual({ user_id: found.account!.user_id, locked_until: null });

    const again = await login(email, DEMO.candidate.password);
    expect(again.statusCode).toBe(200);
    // A fresh set of attempts, not the rest of the old count.
    expect((await login(email, 'wrong')).json().remainingAttempts).toBe(2);
    expect((await login(email, DEMO.candidate.password)).statusCode).toBe(200);

    // On the attempt's timeline, by whom, with the lock it cleared.
    const tl = (await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) })).json<
      Reply<'GET /api/support/timeline/:userExamId'>
    >();
    const event = tl.events.find((e) => e.kind === 'staff.unlock');
    expect(event).toMatchObject({
      actor: DEMO.support.email,
      data: { username: email, wasLocked: true, failedAttempts: 3, lockedUntil: found.account!.locked_until },
    });
  });

  it('is the staff alone: a candidate gets 403, no session 401; the super administrator may', async () => {
    const { user_id } = (await search(DEMO.candidate2.email)).account!;
    // The first test's sign-ins (regen) ended the candidate's first session: sign in as the other one.
    const other = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    const asCandidate = await unlock({ userId: user_id }, other);
    expect(asCandidate.statusCode).toBe(403);
    expect((await unlock({ userId: user_id })).statusCode).toBe(401);
    const byAdmin = await unlock({ userId: user_id }, admin);
    expect(byAdmin.statusCode).toBe(200);
    // Not locked: still a success, and it says so.
    expect(byAdmin.json()).toMatchObject({ success: 1, was_locked: false, locked_until: null });
  });

  it("support cannot lift a staff account's lock: the super administrator's guesses stay counted (attack walk 4)", async () => {
    // Support guessing the super administrator's password, unlocking after each few wrong ones,
    // would never meet the lock (seen: 12 wrong guesses, then the right one signed in).
    const { rows } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO.admin.email,
    ]);
    const adminId = Number(rows[0]!.id);
    expect((await login(DEMO.admin.email, 'guess-1')).json().remainingAttempts).toBe(2);
    const bySupport = await unlock({ userId: adminId }, support);
    expect(bySupport.statusCode).toBe(404);
    expect(bySupport.json().message).toBe('No user found with this id.');
    expect((await login(DEMO.admin.email, 'guess-2')).json().remainingAttempts).toBe(1);
    expect((await login(DEMO.admin.email, 'guess-3')).statusCode).toBe(423);
    expect((await unlock({ userId: adminId }, support)).statusCode).toBe(404);
    expect((await login(DEMO.admin.email, DEMO.admin.password)).statusCode).toBe(423);
    // Search User Details offers support no unlock of a staff account: no account block.
    expect((await search(DEMO.admin.email)).account).toBeUndefined();
    expect((await search(DEMO.support.email)).account).toBeUndefined();
    // The super administrator may unlock staff (here the super administrator's own account).
    const byAdmin = await unlock({ userId: adminId }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ was_locked: true });
    expect((await login(DEMO.admin.email, DEMO.admin.password)).statusCode).toBe(200);
  });

  it('answers bad input with 400 and a message, an unknown user with 404, never 500', async () => {
    for (const body of [
      {},
      { userId: 0 },
      { userId: -1 },
      { userId: 1.5 },
      { userId: 'x' },
      { userId: MAX_ID + 1 },
      [1],
    ]) {
      const res = await unlock(body, support);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/support/unlock', headers: bearer(support) });
    expect(noBody.statusCode).toBe(400);
    const unknown = await unlock({ userId: MAX_ID }, support);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No user found with this id.');
    // A decimal string id is accepted as anywhere else.
    const { user_id } = (await search(DEMO.candidate2.email)).account!;
    expect((await unlock({ userId: String(user_id) }, support)).statusCode).toBe(200);
  });
});
