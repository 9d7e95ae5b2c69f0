import { groups, userExams, userGroups } from '../schema/index.ts';
import { CODING_ASSIGNMENTS, CODING_EXAM, CODING_GROUP_NAME } from './coding-seed-data.ts';
import type { SeedContext } from './context.ts';
import { insertExam } from './exam-engine.seed.ts';

/** The coding demo test (issue 13), pending in its own Tests group of organisation 1. */
export async function seedCoding(ctx: SeedContext): Promise<void> {
  const { db } = ctx.database;
  const examId = await insertExam(ctx, CODING_EXAM);
  const [group] = await db
    .insert(groups)
    .values({ organizationId: 1, name: CODING_GROUP_NAME, category: 'TEST' })
    .returning({ id: groups.id });
  const now = Date.now();
  for (const [email, keys] of Object.entries(CODING_ASSIGNMENTS)) {
    const userId = ctx.userIds[email];
    if (!userId || keys.length === 0) continue;
    await db.insert(userGroups).values({ userId, groupId: group!.id }).onConflictDoNothing();
    await db.insert(userExams).values({
      userId,
      examId,
      groupId: group!.id,
      status: '000',
      scheduledAt: new Date(now - 86_400_000),
      expiresAt: new Date(now + 60 * 86_400_000),
    });
  }
}
