import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { Evaluation } from './submit-test.ts';

/** POST /api/test/manualGenerateResult: score a submitted attempt again (owner, support or admin). */
export const ManualGenerateResultRequest = z.object({ id: Id });
export const ManualGenerateResultResponse = z.object({
  status: z.literal('SUCCESS'),
  resultStatus: z.string().nullable(),
  evaluation: Evaluation.nullable(),
});
