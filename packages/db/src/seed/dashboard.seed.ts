import { answers, choices, exams, groups, questions, userExams, userGroups } from '../schema/index.ts';
import type { SeedContext } from './context.ts';
import {
  ASHA_GROUPS,
  type ItemKind,
  LIKERT,
  PRACTICE_TESTS,
  RAVI_GROUPS,
  type SeedGroup,
  type SeedItem,
  SURVEY_QUESTIONS,
  TEST_QUESTIONS,
  TEST_TYPE,
} from './dashboard-seed-data.ts';

const DAY = 86_400_000;
const MIN = 60_000;

const SETTINGS = {
  answermandatoryflag: 0,
  navflag: 1,
  showscore: 1,
  showscoreflag: 1,
  monitoringflag: 0,
  webproctoringcount: 3,
  defaultZeroProctorCheck: 0,
  include_english: 0,
  comprehensionflag: 0,
  codinglang: '',
};

const INSTRUCTIONS =
  '<p>Read each question carefully and choose one answer. Use Next and Previous to move between questions and Finish when you are done.</p>';
const INSTRUCTIONS_HI =
  '<p>प्रत्येक प्रश्न ध्यान से पढ़ें और एक उत्तर चुनें। प्रश्नों के बीच जाने के लिए Next और Previous का उपयोग करें और समाप्त होने पर Finish दबाएँ।</p>';
const SURVEY_INSTRUCTIONS =
  '<p>There are no right or wrong answers. Choose the option that best matches your view for each statement.</p>';

interface ExamPlan {
  name: string;
  organizationId: number | null;
  testType: number;
  minutes: number;
  languages: string[];
  isPractice: boolean;
  survey: boolean;
  questionCount: number;
}

function examPlan(item: SeedItem, group: SeedGroup, organizationId: number, index: number): ExamPlan {
  const survey = group.category === 'SURVEY' || group.category === 'FEEDBACK';
  const languages = item.languages ?? ['en-IN'];
  return {
    name: item.name,
    organizationId,
    testType: TEST_TYPE[group.category],
    minutes: 10 + (index % 3) * 10,
    languages,
    isPractice: false,
    survey,
    questionCount: languages.includes('hi-IN') ? 3 : 2,
  };
}

/** Submitted kinds: their attempts hold answers (the scorer's input) and, but for 'processing', a result. */
const SUBMITTED_KINDS: readonly ItemKind[] = ['done', 'timeOut', 'processing'];

/**
 * How many of a submitted attempt's questions are answered correctly (the others are answered
 * wrongly): the seeded result is exactly what re-scoring these answers gives (issue 11, item 8).
 */
const correctAnswers = (kind: ItemKind, questionCount: number) =>
  kind === 'timeOut' ? 1 : Math.max(1, questionCount - 1);

/**
 * The user-exam columns for an item of the given kind, relative to `now`. A result is what the
 * scorer writes for the seeded answers: marks and percentage of a test, none for a survey.
 */
function attemptState(kind: ItemKind, now: number, minutes: number, questionCount: number, survey: boolean) {
  const at = (ms: number) => new Date(now + ms);
  const marks = (obtained: number) =>
    survey
      ? { obtainedMarks: null, totalMarks: null, percentage: null }
      : {
          obtainedMarks: String(obtained),
          totalMarks: String(questionCount),
          percentage: ((obtained / questionCount) * 100).toFixed(2),
        };
  const result = (daysAgo: number) => ({
    resultStatus: 'Processed',
    resultDate: at(-daysAgo * DAY),
    ...marks(correctAnswers(kind, questionCount)),
  });
  switch (kind) {
    case 'open':
      return { status: '000', scheduledAt: at(-2 * DAY), expiresAt: at(30 * DAY) };
    case 'future':
      return { status: '000', scheduledAt: at(30 * DAY), expiresAt: at(60 * DAY) };
    case 'inProgress': {
      const startedAt = at(-10 * MIN);
      return {
        status: '001',
        scheduledAt: at(-3 * DAY),
        expiresAt: at(30 * DAY),
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + minutes * MIN),
        selectedLanguage: 'en-IN',
      };
    }
    case 'done':
      return {
        status: '010',
        scheduledAt: at(-20 * DAY),
        startedAt: at(-15 * DAY),
        finishedAt: at(-15 * DAY + 12 * MIN),
        ...result(14),
      };
    case 'timeOut':
      return {
        status: '011',
        scheduledAt: at(-12 * DAY),
        startedAt: at(-9 * DAY),
        finishedAt: at(-9 * DAY + minutes * MIN),
        ...result(8),
      };
    case 'processing':
      return {
        status: '010',
        scheduledAt: at(-4 * DAY),
        startedAt: at(-1 * DAY),
        finishedAt: at(-1 * DAY + 15 * MIN),
        resultStatus: 'Processing',
        totalMarks: survey ? null : String(questionCount),
      };
    case 'expired':
      return { status: '100', scheduledAt: at(-40 * DAY), expiresAt: at(-10 * DAY) };
    case 'lapsed':
      return { status: '000', scheduledAt: at(-40 * DAY), expiresAt: at(-5 * DAY) };
  }
}

/** A seeded question and a right and a wrong choice of it (a survey's "right" one is its first). */
interface SeededQuestion {
  id: number;
  right: number;
  wrong: number;
}

/**
 * Inserts the exams with a few simple single-choice questions each; returns their ids and their
 * questions, in order.
 */
async function insertExams(
  ctx: SeedContext,
  plans: ExamPlan[],
): Promise<{ examIds: number[]; questions: SeededQuestion[][] }> {
  const { db } = ctx.database;
  const rows = await db
    .insert(exams)
    .values(
      plans.map((p) => ({
        organizationId: p.organizationId,
        name: p.name,
        testType: p.testType,
        examTypeId: 1,
        durationSeconds: p.minutes * 60,
        instructionText: p.survey ? SURVEY_INSTRUCTIONS : INSTRUCTIONS,
        translatedInstructions: (p.languages.includes('hi-IN') ? { 'hi-IN': INSTRUCTIONS_HI } : {}) as Record<
          string,
          string
        >,
        languages: p.languages,
        totalMarksToAttempt: p.questionCount,
        isPractice: p.isPractice,
        settings: SETTINGS,
        thankYouMessage: `<p>Thank you for completing <strong>${p.name}</strong>.</p>`,
      })),
    )
    .returning({ id: exams.id });
  const examIds = rows.map((r) => r.id);

  const questionPlans = plans.flatMap((p, e) =>
    Array.from({ length: p.questionCount }, (_, i) => {
      const survey = p.survey;
      const q = survey ? null : TEST_QUESTIONS[p.languages.includes('hi-IN') ? i : (e + i) % TEST_QUESTIONS.length]!;
      return {
        examIndex: e,
        position: i + 1,
        survey,
        q,
        statement: SURVEY_QUESTIONS[(e + i) % SURVEY_QUESTIONS.length]!,
      };
    }),
  );
  const qRows = await db
    .insert(questions)
    .values(
      questionPlans.map((qp) => ({
        examId: examIds[qp.examIndex]!,
        position: qp.position,
        qtypeCode: 1,
        qtypeName: 'Multiple Choice',
        text: qp.q ? `<p>${qp.q.text}</p>` : `<p>${qp.statement}</p>`,
        translations: (qp.q?.hi ? { 'hi-IN': `<p>${qp.q.hi}</p>` } : {}) as Record<string, string>,
        marks: qp.survey ? '0' : '1',
      })),
    )
    .returning({ id: questions.id });

  const choiceRows = questionPlans.flatMap((qp, i) => {
    const questionId = qRows[i]!.id;
    if (!qp.q)
      return LIKERT.map((text, c) => ({
        questionId,
        position: c + 1,
        text,
        translations: {} as Record<string, string>,
        isCorrect: false,
      }));
    return qp.q.choices.map(([text, hi], c) => ({
      questionId,
      position: c + 1,
      text,
      translations: (hi ? { 'hi-IN': hi } : {}) as Record<string, string>,
      isCorrect: c === qp.q!.correct,
    }));
  });
  const choiceIds = await db
    .insert(choices)
    .values(choiceRows)
    .returning({ id: choices.id, questionId: choices.questionId, isCorrect: choices.isCorrect });
  const seeded = questionPlans.map((qp, i) => {
    const own = choiceIds.filter((c) => c.questionId === qRows[i]!.id);
    const right = qp.q ? own.find((c) => c.isCorrect)! : own[0]!;
    const wrong = own.find((c) => c !== right)!;
    return { examIndex: qp.examIndex, q: { id: qRows[i]!.id, right: right.id, wrong: wrong.id } };
  });
  return { examIds, questions: examIds.map((_, e) => seeded.filter((x) => x.examIndex === e).map((x) => x.q)) };
}

/** Groups, memberships and assignments of one user. */
async function seedUserGroups(ctx: SeedContext, userId: number, byOrg: Record<number, SeedGroup[]>, now: number) {
  const { db } = ctx.database;
  const entries = Object.entries(byOrg).flatMap(([org, gs]) => gs.map((g) => ({ org: Number(org), g })));
  if (!entries.length) return;
  const groupRows = await db
    .insert(groups)
    .values(entries.map(({ org, g }) => ({ organizationId: org, name: g.name, category: g.category })))
    .returning({ id: groups.id });
  await db
    .insert(userGroups)
    .values(entries.map(({ g }, i) => ({ userId, groupId: groupRows[i]!.id, reportReady: g.reportReady })));

  const items = entries.flatMap(({ org, g }, gi) =>
    g.items.map((item, ii) => ({ org, g, item, groupId: groupRows[gi]!.id, plan: examPlan(item, g, org, gi + ii) })),
  );
  const { examIds, questions: examQuestions } = await insertExams(
    ctx,
    items.map((x) => x.plan),
  );
  const attempts = await db
    .insert(userExams)
    .values(
      items.map((x, i) => ({
        userId,
        examId: examIds[i]!,
        groupId: x.groupId,
        assessee: x.item.assessee ?? null,
        assesseeRole: x.item.role ?? null,
        ...attemptState(x.item.kind, now, x.plan.minutes, x.plan.questionCount, x.plan.survey),
      })),
    )
    .returning({ id: userExams.id });
  // A submitted attempt keeps the answers its result comes from: re-scoring gives the same result.
  const answerRows = items.flatMap((x, i) => {
    if (!SUBMITTED_KINDS.includes(x.item.kind)) return [];
    const correct = correctAnswers(x.item.kind, x.plan.questionCount);
    return examQuestions[i]!.map((q, n) => ({
      userExamId: attempts[i]!.id,
      questionId: q.id,
      value: { selectedChoiceId: String(n < correct ? q.right : q.wrong), buttonStyle: 'Answered' },
    }));
  });
  if (answerRows.length) await db.insert(answers).values(answerRows);
}

/**
 * The candidate dashboard's demo data (issue 3): Asha Rao has every category in both
 * organisations (not started, one in the future, in progress, completed with the report ready
 * and still processing, expired); Ravi Kumar has different data in the first organisation and
 * an empty second one; practice tests; one test offering en-IN and hi-IN.
 */
export async function seedDashboard(ctx: SeedContext): Promise<void> {
  const now = Date.now();
  const asha = ctx.userIds['candidate@example.com'];
  const ravi = ctx.userIds['candidate2@example.com'];
  if (asha) await seedUserGroups(ctx, asha, ASHA_GROUPS, now);
  if (ravi) await seedUserGroups(ctx, ravi, RAVI_GROUPS, now);
  await insertExams(
    ctx,
    PRACTICE_TESTS.map((p) => ({
      name: p.name,
      organizationId: null,
      testType: 1,
      minutes: p.minutes,
      languages: ['en-IN'],
      isPractice: true,
      survey: false,
      questionCount: 3,
    })),
  );
}
