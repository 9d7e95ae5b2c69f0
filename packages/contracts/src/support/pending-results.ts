import { z } from 'zod';

/** The spec's pending result row. */
export const PendingResultRow = z.object({
  username: z.string(),
  userexam_id: z.number(),
  user_id: z.number(),
  examinstance_id: z.number(),
  group_name: z.string(),
  assessment_name: z.string(),
  status: z.string(),
  result_status: z.string().nullable(),
  result_error: z.string().nullable(),
  queued: z.boolean(),
});
export type PendingResultRow = z.infer<typeof PendingResultRow>;

/**
 * POST /api/test/regeneratelisting (super administrator): the three pending lists (ADR 0121).
 * The spec shows no payload, so a POST without a body (null to Fastify) is as good as `{}`.
 */
export const RegenerateListingRequest = z.object({}).passthrough().nullish();
export const RegenerateListingResponse = z.object({
  data: z.object({
    reGenerateListPendingAnswersInsertion: z.array(PendingResultRow),
    reGenerateListPendingStatusUpdate: z.array(PendingResultRow),
    reGenerateListReadyToRegenerate: z.array(PendingResultRow),
  }),
});
export type RegenerateListingResponse = z.infer<typeof RegenerateListingResponse>;

/** GET /api/result/addintoqueue (super administrator): every pending attempt is queued. */
export const AddIntoQueueResponse = z.object({ status: z.literal('SUCCESS'), closed: z.number(), queued: z.number() });
export type AddIntoQueueResponse = z.infer<typeof AddIntoQueueResponse>;
