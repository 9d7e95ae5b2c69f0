import { insertExam as insertExamDraft } from '../exam-draft.ts';
import { groups, userExams, userGroups } from '../schema/index.ts';
import { ENGINE_ASSIGNMENTS, ENGINE_EXAMS, ENGINE_GROUP_NAME, type SeedExam } from './exam-engine-seed-data.ts';
import type { SeedContext } from './context.ts';

/** A demo exam of organisation 1 (the seed's exams are assigned directly, never templates). */
export const insertExam = (ctx: SeedContext, e: SeedExam): Promise<number> => insertExamDraft(ctx.database.db, e);

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
