import { z } from 'zod';
import type { JobDefinition } from '../../lib/queue.ts';

const scoreJobName = 'results.score';
const ScorePayload = z.object({ userExamId: z.number().int().positive() });

/** Jobs a worker takes at once (one query for their answers, one UPDATE for their results). */
const SCORE_BATCH = 250;

/**
 * Scores submitted attempts from their stored answers, in batches of up to SCORE_BATCH jobs.
 * Idempotent: an attempt that has its result is not written again, so a batch handed out twice
 * (its worker killed) leaves one result per attempt.
 */
export const scoreJob = (
  score: (userExamId: number) => Promise<unknown>,
  scoreMany: (userExamIds: number[]) => Promise<unknown>,
): JobDefinition<typeof ScorePayload> => ({
  name: scoreJobName,
  payload: ScorePayload,
  async handle({ userExamId }) {
    await score(userExamId);
  },
  batch: {
    size: SCORE_BATCH,
    async handleMany(payloads) {
      await scoreMany(payloads.map((p) => p.userExamId));
    },
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
