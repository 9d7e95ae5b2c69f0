import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/test/regenratetest (the spec's spelling): queue a result regeneration (staff). */
export const RegenerateTestRequest = z.object({
  data: z.object({ userExamId: Id, userId: Id, examInstanceId: Id }),
});

/** success 0 is a failure with its message; otherwise the row's new flags (QUEUED, ALREADY IN QUEUE, MONGODB SKIPPED). */
export const RegenerateTestResponse = z.object({
  success: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  queued: z.boolean(),
  already_in_queue: z.boolean(),
  mongodb_skipped: z.boolean(),
});
export type RegenerateTestResponse = z.infer<typeof RegenerateTestResponse>;
