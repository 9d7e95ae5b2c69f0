import { hashPassword } from '../passwords.ts';
import { attemptEvents, groups, userExams, userGroups, userOrganizations, users } from '../schema/index.ts';
import type { SeedContext } from './context.ts';
import { insertExam } from './exam-engine.seed.ts';
import { quick, THANKS, type SeedExam } from './exam-engine-seed-data.ts';

/**
 * Operations demo (issue 15): candidates in the middle of a test (Ongoing Tests is not empty on a
 * fresh start), attempts in each pending state, one failed result (999) and a readable timeline.
 * Its own accounts and group, so the other demo lists stay as they are.
 */
const OPS_USERS = [
  { email: 'priya.ops@example.com', firstName: 'Priya', lastName: 'Nair' },
  { email: 'arjun.ops@example.com', firstName: 'Arjun', lastName: 'Mehta' },
  { email: 'dev.ops@example.com', firstName: 'Dev', lastName: 'Patel' },
  /** takes the live-watch test in the end-to-end run (its attempt is not started) */
  { email: 'kiran.ops@example.com', firstName: 'Kiran', lastName: 'Shah' },
] as const;
const OPS_PASSWORD = 'Candidate@123';
const OPS_GROUP_NAME = 'Operations Demo';

const OPS_EXAM: SeedExam = {
  key: 'ops-demo',
  name: 'Operations Demo Test',
  testType: 1,
  seconds: 8 * 3600,
  instructions: '<p>A long test for the operations views. Answer at your own pace.</p>',
  thankYou: THANKS,
  settings: { showscore: 1, showscoreflag: 1 },
  questions: [
    quick('What is 2 + 2?', ['4', '5'], 0),
    quick('Which planet is known as the Red Planet?', ['Venus', 'Mars'], 1),
    quick('How many days are in a week?', ['7', '8'], 0),
    quick('Which is a primary colour?', ['Red', 'Pink'], 0),
  ],
};

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

export async function seedOperations(ctx: SeedContext): Promise<void> {
  const { db } = ctx.database;
  const ids: Record<string, number> = {};
  for (const u of OPS_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        ...u,
        passwordHash: await hashPassword(OPS_PASSWORD),
        role: 'ROLE_CANDIDATE',
        contactNumber: '9000000000',
      })
      .returning({ id: users.id });
    ids[u.email] = row!.id;
    await db.insert(userOrganizations).values({ userId: row!.id, organizationId: 1 });
  }
  const examId = await insertExam(ctx, OPS_EXAM);
  const { rows: qs } = await ctx.database.executeSql<{ id: number; choice_ids: number[] }>(
    `SELECT q.id, array_agg(c.id ORDER BY c.position) AS choice_ids FROM questions q JOIN choices c ON c.question_id = q.id
      WHERE q.exam_id = $1 GROUP BY q.id, q.position ORDER BY q.position`,
    [examId],
  );
  const [group] = await db
    .insert(groups)
    .values({ organizationId: 1, name: OPS_GROUP_NAME, category: 'TEST' })
    .returning({ id: groups.id });
  const groupId = group!.id;
  for (const id of Object.values(ids)) await db.insert(userGroups).values({ userId: id, groupId });

  const attempt = async (email: string, v: Partial<typeof userExams.$inferInsert>) => {
    const [row] = await db
      .insert(userExams)
      .values({
        userId: ids[email]!,
        examId,
        groupId,
        scheduledAt: minutes(-24 * 60),
        expiresAt: minutes(60 * 24 * 60),
        ...v,
      })
      .returning({ id: userExams.id });
    return row!.id;
  };
  const answer = async (userExamId: number, n: number, at: Date) => {
    for (const [i, q] of qs.slice(0, n).entries())
      await ctx.database.executeSql(
        `INSERT INTO answers (user_exam_id, question_id, value, client_seq, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5)`,
        [userExamId, q.id, JSON.stringify({ selectedChoiceId: String(q.choice_ids[0]) }), i + 1, at.toISOString()],
      );
  };
  const session = async (email: string, ua: string, at: Date) =>
    ctx.database.executeSql(
      `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, revoked_at, revoked_reason, user_agent, ip)
       VALUES ($1, md5(random()::text), $2, $2, $2, 'demo', $3, '10.0.0.7')`,
      [ids[email], at.toISOString(), ua],
    );
  const inProgress = (start: number) => ({
    status: '001',
    startedAt: minutes(start),
    deadlineAt: new Date(minutes(start).getTime() + OPS_EXAM.seconds * 1000),
    updatedAt: minutes(start),
  });

  // Ongoing: Priya on Chrome (Windows) with two answers, Arjun on an iPhone with none yet.
  await session('priya.ops@example.com', UA.chromeWindows, minutes(-21));
  const priya = await attempt('priya.ops@example.com', inProgress(-20));
  await answer(priya, 2, minutes(-3));
  await session('arjun.ops@example.com', UA.safariIphone, minutes(-9));
  await attempt('arjun.ops@example.com', inProgress(-8));
  // Kiran: not started (the live-watch run starts it).
  await attempt('kiran.ops@example.com', { status: '000' });

  // Pending Results. AnsweredQuestions: submitted through the independent result process with no answer stored.
  await session('dev.ops@example.com', UA.firefoxLinux, minutes(-200));
  const skipped = await attempt('dev.ops@example.com', {
    status: '010',
    startedAt: minutes(-190),
    finishedAt: minutes(-150),
    resultStatus: 'Processing',
  });
  await ctx.database.executeSql(
    `INSERT INTO submissions (user_exam_id, submit_type, status, payload) VALUES ($1, 'MONGODB_SKIPPED', '010', '{}'::jsonb)`,
    [skipped],
  );
  // UserExam: still in progress a day after its end (the sweep closes it on the server's first pass).
  await attempt('arjun.ops@example.com', {
    status: '001',
    startedAt: minutes(-30 * 60),
    deadlineAt: minutes(-22 * 60),
  });
  // Result: a failed result (999) with the reason, and its timeline.
  const failed = await attempt('dev.ops@example.com', {
    status: '999',
    startedAt: minutes(-120),
    finishedAt: minutes(-95),
    resultStatus: 'Failed',
    resultError: 'Result write failed: connection to the database was lost (demo)',
  });
  await answer(failed, 3, minutes(-96));
  await ctx.database.executeSql(
    `INSERT INTO submissions (user_exam_id, submit_type, status, payload) VALUES ($1, 'FALLBACK_ON_CATCH', '010', '{}'::jsonb)`,
    [failed],
  );
  const dev = ids['dev.ops@example.com']!;
  const at = (m: number) => minutes(m);
  const ev = (kind: string, when: Date, data: Record<string, unknown>, userExamId: number | null = failed) => ({
    userExamId,
    userId: dev,
    actorId: dev,
    kind,
    data,
    createdAt: when,
  });
  await db.insert(attemptEvents).values([
    ev('signin', at(-125), { browser: 'Firefox 133', device: 'Desktop (Linux)', ip: '10.0.0.7', regen: false }, null),
    ev('start', at(-120), { previousStatus: '000', language: 'en-IN' }),
    ev('save', at(-117), { form: 'delta', seq: 1, changes: 1, saved: 1, offline: false, version: null }),
    ev('save', at(-112), { form: 'delta', seq: 2, changes: 1, saved: 1, offline: false, version: null }),
    ev('window_switch', at(-110), { count: 1 }),
    ev('signin', at(-106), { browser: 'Firefox 133', device: 'Desktop (Linux)', ip: '10.0.0.7', regen: true }, null),
    ev('resume', at(-105), { fromLocalCopy: 4, restored: 1, secondsLeft: 27900 }),
    ev('save', at(-104), { form: 'full', seq: 3, changes: 3, saved: 1, offline: true, version: 1 }),
    ev('submission', at(-95), { submitType: 'STANDARD', status: '010', attemptStatus: '001' }),
    ev('submission', at(-95), { submitType: 'FALLBACK_ON_CATCH', status: '010', attemptStatus: '001' }),
    ev('closed', at(-95), { submitType: 'FALLBACK_ON_CATCH', status: '010', abortReason: null }),
    ...[1, 2, 3, 4].map((run) =>
      ev('score.run', at(-95 + run * 0.1), {
        run,
        ok: false,
        error: 'Result write failed: connection to the database was lost (demo)',
      }),
    ),
  ]);
  // A second failed result, one the demo walk-through leaves alone: regenerating the first one
  // (support's ReGenerate) empties nothing, and the worker's sweep never rescores a 999 by itself.
  const failedToo = await attempt('arjun.ops@example.com', {
    status: '999',
    startedAt: minutes(-300),
    finishedAt: minutes(-260),
    resultStatus: 'Failed',
    resultError: 'Scoring gave up after its retries: the worker was stopped (demo)',
  });
  await answer(failedToo, 2, minutes(-270));
  // A result still processing several minutes after the submit.
  const stuck = await attempt('priya.ops@example.com', {
    status: '011',
    startedAt: minutes(-600),
    finishedAt: minutes(-120),
    resultStatus: 'Processing',
  });
  await answer(stuck, 1, minutes(-130));
  await ctx.database.executeSql(
    `INSERT INTO submissions (user_exam_id, submit_type, status, payload) VALUES ($1, 'TIMEOUT', '011', '{}'::jsonb)`,
    [stuck],
  );
}
