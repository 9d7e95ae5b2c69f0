import type { SeedContext } from './context.ts';
import { seedTestGroup } from './exam-engine.seed.ts';
import { PROCTORING_ASSIGNMENTS, PROCTORING_EXAMS, PROCTORING_GROUP_NAME } from './proctoring-seed-data.ts';

/** The monitored demo tests (issue 12), pending in their own Tests group of organisation 1. */
export const seedProctoring = (ctx: SeedContext) =>
  seedTestGroup(ctx, { name: PROCTORING_GROUP_NAME, exams: PROCTORING_EXAMS, assignments: PROCTORING_ASSIGNMENTS });
