import { z } from 'zod';
import type { JobDefinition } from '../../lib/queue.ts';
import type { ResultsService } from './results.service.ts';

export const scoreJobName = 'results.score';
const ScorePayload = z.object({ userExamId: z.number().int().positive() });

/** Scores one submitted attempt from its stored answers. Idempotent: a rerun writes the same result. */
export const scoreJob = (results: ResultsService): JobDefinition<typeof ScorePayload> => ({
  name: scoreJobName,
  payload: ScorePayload,
  async handle({ userExamId }) {
    await results.score(userExamId);
  },
});
