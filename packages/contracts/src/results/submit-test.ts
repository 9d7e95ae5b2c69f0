import { z } from 'zod';
import { Id } from '../shared/id.ts';

export const SUBMIT_TYPES = ['STANDARD', 'FALLBACK_ON_CATCH', 'MONGODB_SKIPPED', 'MONGODB_SKIPPED_CATCH'] as const;
/** Statuses a submit may ask for: finished, time out, aborted by proctoring. */
export const SUBMIT_STATUSES = ['010', '011', '111'] as const;

/**
 * POST /api/result/submittest/:id, POST /api/result/fallbacksubmit/:id and
 * POST /api/result/independent-resultprocess (which takes the id in the body).
 * examDetail and questionsData are base64url JSON (questionsData: the question list). Idempotent:
 * every submit of one attempt gives one result.
 */
export const SubmitTestRequest = z.object({
  examDetail: z.string().max(1_000_000).optional().nullable(),
  questionsData: z.string().max(5_000_000).optional().nullable(),
  submitType: z.enum(SUBMIT_TYPES).default('STANDARD'),
  status: z.enum(SUBMIT_STATUSES).default('010'),
  userExamId: Id.optional(),
  windowSwitchCount: z.number().int().min(0).max(10_000).optional(),
  abort_reason: z.string().max(100).optional().nullable(),
});
export type SubmitTestRequest = z.infer<typeof SubmitTestRequest>;

export const SubmitParams = z.object({ id: Id });

export const IndependentResultRequest = SubmitTestRequest.extend({ userExamId: Id });
export type IndependentResultRequest = z.infer<typeof IndependentResultRequest>;

export const Evaluation = z.object({ obtainedMarks: z.number(), totalMarks: z.number(), percentage: z.number() });
export type Evaluation = z.infer<typeof Evaluation>;

export const SubmitTestResponse = z.object({
  status: z.literal('SUCCESS'),
  /** 'retest' asks the client to show the low-bandwidth modal. */
  nextAction: z.enum(['result', 'retest']),
  examStatus: z.string(),
  resultStatus: z.string().nullable(),
  /** Present once scored and when the exam shows its score. */
  evaluation: Evaluation.nullable(),
});
export type SubmitTestResponse = z.infer<typeof SubmitTestResponse>;
