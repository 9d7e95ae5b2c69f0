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

/** Exams of a demo group, and which of them (by key) each demo user has pending. */
export interface DemoGroup {
  name: string;
  exams: readonly SeedExam[];
  assignments: Record<string, readonly string[]>;
}

/**
 * A demo Tests group of organisation 1: its exams, the group, and each assigned user's pending
 * attempts (scheduled yesterday, open for 60 days).
 */
export async function seedTestGroup(ctx: SeedContext, demo: DemoGroup): Promise<void> {
  const { db } = ctx.database;
  const examIds = new Map<string, number>();
  for (const e of demo.exams) examIds.set(e.key, await insertExam(ctx, e));
  const [group] = await db
    .insert(groups)
    .values({ organizationId: 1, name: demo.name, category: 'TEST' })
    .returning({ id: groups.id });
  const now = Date.now();
  for (const [email, keys] of Object.entries(demo.assignments)) {
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

/** The test engine's demo tests, assigned as pending items in a Tests group of organisation 1. */
export const seedExamEngine = (ctx: SeedContext) =>
  seedTestGroup(ctx, { name: ENGINE_GROUP_NAME, exams: ENGINE_EXAMS, assignments: ENGINE_ASSIGNMENTS });
