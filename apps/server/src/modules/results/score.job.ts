import { z } from 'zod';
import type { JobDefinition } from '../../lib/queue.ts';

const scoreJobName = 'results.score';
const ScorePayload = z.object({ userExamId: z.number().int().positive() });

/** Scores one submitted attempt from its stored answers. Idempotent: a rerun writes the same result. */
export const scoreJob = (score: (userExamId: number) => Promise<unknown>): JobDefinition<typeof ScorePayload> => ({
  name: scoreJobName,
  payload: ScorePayload,
  async handle({ userExamId }) {
    await score(userExamId);
  },
});
