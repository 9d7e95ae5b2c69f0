import type { SeedContext } from './context.ts';
import { seedTestGroup } from './exam-engine.seed.ts';
import { RECORDINGS_ASSIGNMENTS, RECORDINGS_EXAM, RECORDINGS_GROUP_NAME } from './recordings-seed-data.ts';

/** The recorded-answer demo test, pending for each demo candidate in its own Tests group. */
export const seedRecordings = (ctx: SeedContext) =>
  seedTestGroup(ctx, { name: RECORDINGS_GROUP_NAME, exams: [RECORDINGS_EXAM], assignments: RECORDINGS_ASSIGNMENTS });
