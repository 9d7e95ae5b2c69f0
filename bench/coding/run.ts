// Coding benchmark (never part of npm test): node --import tsx bench/coding/run.ts [candidates] [answers]
// 1. N simulated candidates press Compile & Execute Code at once (Python, then C) on the demo
//    function-style question, through the coding service with the client's busy rule (wait the
//    Retry-After, send again): runs/s, p50/p95 click -> output, lost runs.
// 2. Scoring M submitted coding answers through the results service (4 attempts at a time, as
//    workers would): time and runs/s.
// Figures are recorded in bench/coding/README.md with the machine's load.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@invigil/db';
import { seed } from '../../packages/db/src/seed/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { HttpError } from '../../apps/server/src/lib/http-errors.ts';

const CANDIDATES = Number(process.argv[2] ?? 50);
const ANSWERS = Number(process.argv[3] ?? 1000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PYTHON = 'def sumOf(nums, bonus):\n    return sum(nums) + bonus\n';
const C =
  'int sumOf(int* nums, int nums_len, int bonus) {\n  int s = bonus;\n  for (int i = 0; i < nums_len; i++) s += nums[i];\n  return s;\n}\n';
const STDIN = 'n, *xs = map(int, open(0).read().split())\nprint(max(xs[:n]))\n';
const SQL = 'SELECT name, salary FROM employees WHERE salary > 70000 ORDER BY salary DESC';
const FACT = 'long factorial(int n) { long r = 1; for (int i = 2; i <= n; i++) r *= i; return r; }\n';

const database = await createDb({});
await database.migrate();
await seed(database);
const config = {
  ...loadConfig({}),
  dataDir: mkdtempSync(path.join(tmpdir(), 'invigil-bench-coding-')),
  logLevel: 'silent' as const,
  queue: false,
  seedOnStart: false,
};
const app = await buildApp(config, { database, logger: false });
await app.ready();
const exec = database.executeSql.bind(database);
const exam = (await exec(`SELECT id FROM exams WHERE name = 'Coding Test (All Languages)'`)).rows[0].id as number;
const qids = (await exec('SELECT id FROM questions WHERE exam_id = $1 ORDER BY position', [exam])).rows.map(
  (r) => r.id as number,
);

/** N candidates with an attempt of the coding test in progress. */
async function candidates(n: number, status: string) {
  const out: Array<{ userId: number; attempt: number }> = [];
  for (let i = 0; i < n; i++) {
    const u = (
      await exec(
        `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, 'x', 'Bench', $2) RETURNING id`,
        [`coding-bench-${status}-${i}@example.com`, String(i)],
      )
    ).rows[0].id as number;
    const a = (
      await exec(
        `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at) VALUES ($1, $2, $3, now(), now() + interval '1 hour') RETURNING id`,
        [u, exam, status],
      )
    ).rows[0].id as number;
    out.push({ userId: u, attempt: a });
  }
  return out;
}

const coding = app.ctx.services.coding;
const people = await candidates(CANDIDATES, '001');
console.log(`machine: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()} (loadavg before)`);
for (const [lang, code] of CANDIDATES > 0
  ? ([
      ['python', PYTHON],
      ['c', C],
    ] as const)
  : []) {
  const times: number[] = [];
  let lost = 0;
  let retries = 0;
  const t0 = performance.now();
  await Promise.all(
    people.map(async (p) => {
      const click = performance.now();
      for (;;) {
        try {
          const r = await coding.compile(
            { id: p.userId, role: 'ROLE_USER' },
            { code, lang, qid: qids[0], examId: p.attempt, testCaseFlag: true },
          );
          if (r.passed !== 4) lost++;
          times.push(performance.now() - click);
          return;
        } catch (err) {
          const wait = err instanceof HttpError ? Number((err.body as { retryAfter?: number })?.retryAfter) : NaN;
          if (!Number.isFinite(wait)) {
            lost++;
            console.error(err);
            return;
          }
          retries++;
          await sleep(Math.max(1, wait) * 1000);
        }
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  console.log(
    `${CANDIDATES} x Compile (${lang}, 4 test cases each): ${wall.toFixed(1)} s, ${(CANDIDATES / wall).toFixed(2)} runs/s, ` +
      `click->output p50 ${(pct(times, 0.5) / 1000).toFixed(1)} s, p95 ${(pct(times, 0.95) / 1000).toFixed(1)} s, ` +
      `max ${(Math.max(...times) / 1000).toFixed(1)} s, busy replies ${retries}, lost ${lost}`,
  );
}

// 2. Scoring: M answers = M/4 submitted attempts with 4 coding answers each.
const attempts = await candidates(Math.ceil(ANSWERS / 4), '010');
for (const a of attempts) {
  const answers: Array<[number, string, string]> = [
    [qids[0]!, 'python', PYTHON],
    [qids[1]!, 'python', STDIN],
    [qids[2]!, 'sql', SQL],
    [qids[6]!, 'c', FACT],
  ];
  for (const [qid, codelang, code] of answers)
    await exec(`INSERT INTO answers (user_exam_id, question_id, client_seq, value) VALUES ($1, $2, 1, $3)`, [
      a.attempt,
      qid,
      JSON.stringify({ descriptiveText: code, codelang }),
    ]);
}
const results = app.ctx.services.results;
const t1 = performance.now();
let next = 0;
let wrong = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < attempts.length) {
      const a = attempts[next++]!;
      const ev = await results.score(a.attempt);
      if (!ev || ev.obtainedMarks !== 12) wrong++;
    }
  }),
);
const scoreWall = (performance.now() - t1) / 1000;
const runs = attempts.length * 4;
console.log(
  `scoring ${runs} coding answers (${attempts.length} attempts): ${scoreWall.toFixed(1)} s, ${(runs / scoreWall).toFixed(1)} runs/s, wrong scores ${wrong}`,
);
console.log(`machine: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()} (loadavg after)`);
await app.close();
await database.close();
