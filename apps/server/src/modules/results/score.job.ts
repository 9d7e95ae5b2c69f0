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

const regenerateJobName = 'results.regenerate';

/** Regenerates one result (support, pending results): scoring again, then the queued mark is cleared. */
export const regenerateJob = (
  regenerate: (userExamId: number) => Promise<unknown>,
): JobDefinition<typeof ScorePayload> => ({
  name: regenerateJobName,
  payload: ScorePayload,
  async handle({ userExamId }) {
    await regenerate(userExamId);
  },
});
