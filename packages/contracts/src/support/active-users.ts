import { z } from 'zod';

/** The spec's ongoing row: one attempt in progress. timeRemaining in seconds; updatedAt ISO. */
export const OngoingRow = z.object({
  username: z.string(),
  userExamId: z.number(),
  browser: z.string(),
  device: z.string(),
  testId: z.number(),
  testName: z.string(),
  totalQuestion: z.number(),
  answeredQuestionsCount: z.number(),
  timeRemaining: z.number(),
  updatedAt: z.string(),
  activeTest: z.boolean(),
});
export type OngoingRow = z.infer<typeof OngoingRow>;

/** GET /api/test/getActiveUsers (super administrator): result is a map keyed by user-exam id. */
export const GetActiveUsersResponse = z.object({ result: z.record(z.string(), OngoingRow), totalUsers: z.number() });
export type GetActiveUsersResponse = z.infer<typeof GetActiveUsersResponse>;

/**
 * One message of GET /api/test/getActiveUsers/stream (text/event-stream, event `active`):
 * changed rows (still in progress) and the ids that are no longer active.
 */
export interface ActiveUsersChange {
  rows: OngoingRow[];
  removed: number[];
}
