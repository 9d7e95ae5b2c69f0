import { groups, userExams, userGroups } from '../schema/index.ts';
import type { SeedContext } from './context.ts';
import { insertExam } from './exam-engine.seed.ts';
import { PROCTORING_ASSIGNMENTS, PROCTORING_EXAMS, PROCTORING_GROUP_NAME } from './proctoring-seed-data.ts';

/** The monitored demo tests (issue 12), pending in their own Tests group of organisation 1. */
export async function seedProctoring(ctx: SeedContext): Promise<void> {
  const { db } = ctx.database;
  const examIds = new Map<string, number>();
  for (const e of PROCTORING_EXAMS) examIds.set(e.key, await insertExam(ctx, e));
  const [group] = await db
    .insert(groups)
    .values({ organizationId: 1, name: PROCTORING_GROUP_NAME, category: 'TEST' })
    .returning({ id: groups.id });
  const now = Date.now();
  for (const [email, keys] of Object.entries(PROCTORING_ASSIGNMENTS)) {
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
