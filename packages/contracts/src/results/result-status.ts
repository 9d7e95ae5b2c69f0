import { z } from 'zod';
import { SubmitTestResponse } from './submit-test.ts';

/** GET /api/result/status/:id (params: SubmitParams): the result status and, when shown, the score of an attempt. */
export const ResultStatusResponse = z.object({
  examStatus: z.string(),
  resultStatus: z.string().nullable(),
  evaluation: SubmitTestResponse.shape.evaluation,
});
export type ResultStatusResponse = z.infer<typeof ResultStatusResponse>;
