import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** GET /api/admin/tests: imported tests (to schedule or export) and the groups to schedule them for. */
export const AdminTestsResponse = z.object({
  tests: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      questions: z.number().int(),
      durationMinutes: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      organisation: z.string(),
      members: z.number().int(),
    }),
  ),
  schedules: z.array(
    z.object({
      id: z.number().int(),
      test: z.string(),
      group: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      attempts: z.number().int(),
      assigned: z.number().int(),
    }),
  ),
});
export type AdminTestsResponse = z.infer<typeof AdminTestsResponse>;

export const ExportTestParams = z.object({ id: Id });
