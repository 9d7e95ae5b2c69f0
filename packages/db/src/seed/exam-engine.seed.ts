import { choices, exams, groups, questions, userExams, userGroups } from '../schema/index.ts';
import { ENGINE_ASSIGNMENTS, ENGINE_EXAMS, ENGINE_GROUP_NAME, type SeedExam } from './exam-engine-seed-data.ts';
import type { SeedContext } from './context.ts';

const BASE_SETTINGS = {
  answermandatoryflag: 0,
  navflag: 1,
  showscore: 1,
  showscoreflag: 1,
  monitoringflag: 0,
  webproctoringcount: null,
  defaultZeroProctorCheck: 0,
  include_english: 0,
  comprehensionflag: 0,
  codinglang: '',
};

export async function insertExam(ctx: SeedContext, e: SeedExam): Promise<number> {
  const { db } = ctx.database;
  const [exam] = await db
    .insert(exams)
    .values({
      organizationId: 1,
      name: e.name,
      testType: e.testType,
      examTypeId: e.examTypeId ?? 1,
      durationSeconds: e.seconds,
      instructionText: e.instructions,
      translatedInstructions: (e.instructionsHi ? { 'hi-IN': e.instructionsHi } : {}) as Record<string, string>,
      languages: e.languages ?? ['en-IN'],
      totalMarksToAttempt: e.totalMarksToAttempt ?? 0,
      thankYouMessage: e.thankYou,
      settings: { ...BASE_SETTINGS, comprehensionflag: e.questions.some((q) => q.passage) ? 1 : 0, ...e.settings },
    })
    .returning({ id: exams.id });
  for (const [i, q] of e.questions.entries()) {
    const [row] = await db
      .insert(questions)
      .values({
        examId: exam!.id,
        position: i + 1,
        qtypeCode: q.type,
        qtypeName: q.typeName,
        text: q.text,
        translations: (q.hi ? { 'hi-IN': q.hi } : {}) as Record<string, string>,
        marks: String(q.marks ?? 1),
        difficulty: q.difficulty ?? 1,
        resourcePath: q.resourcePath ?? null,
        passage: q.passage ?? null,
        content: q.content ?? {},
        answerKey: q.answerKey ?? {},
      })
      .returning({ id: questions.id });
    if (q.choices?.length) {
      await db.insert(choices).values(
        q.choices.map((c, j) => ({
          questionId: row!.id,
          position: j + 1,
          text: c.text,
          translations: (c.hi ? { 'hi-IN': c.hi } : {}) as Record<string, string>,
          blankKey: c.blank ?? null,
          isCorrect: !!c.correct,
        })),
      );
    }
  }
  return exam!.id;
}

/** The test engine's demo tests, assigned as pending items in a Tests group of organisation 1. */
export async function seedExamEngine(ctx: SeedContext): Promise<void> {
  const { db } = ctx.database;
  const examIds = new Map<string, number>();
  for (const e of ENGINE_EXAMS) examIds.set(e.key, await insertExam(ctx, e));
  const [group] = await db
    .insert(groups)
    .values({ organizationId: 1, name: ENGINE_GROUP_NAME, category: 'TEST' })
    .returning({ id: groups.id });
  const now = Date.now();
  for (const [email, keys] of Object.entries(ENGINE_ASSIGNMENTS)) {
    const userId = ctx.userIds[email];
    if (!userId) continue;
    await db.insert(userGroups).values({ userId, groupId: group!.id }).onConflictDoNothing();
    await db.insert(userExams).values(
      keys.map((k) => ({
        userId,
        examId: examIds.get(k)!,
        groupId: group!.id,
        status: '000',
        scheduledAt: new Date(now - 86_400_000),
        expiresAt: new Date(now + 60 * 86_400_000),
      })),
    );
  }
}
