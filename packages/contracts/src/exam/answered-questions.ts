import { z } from 'zod';
import { Id, IntId, Seq } from '../shared/id.ts';
import { AnswerValue } from './question-item.ts';

/**
 * POST /api/test/answeredQuestions: the save of progress. Two forms:
 * - the spec's full form: examDetail and quesData, each base64url JSON; quesData is the whole
 *   question list (only qid, seq and answer fields are read). A full save is kept as a
 *   versioned snapshot, bounded (ADR 0070): one equal to the newest is not kept again, only the
 *   newest few are kept, and one above the size limit is refused whole with 413.
 * - the delta form: only the answers that changed, each with the client's seq.
 */
export const AnswerChange = z.object({
  qid: IntId,
  seq: Seq,
  answer: AnswerValue,
});
export type AnswerChange = z.infer<typeof AnswerChange>;

export const SaveFullRequest = z.object({
  id: Id,
  examDetail: z.string().max(1_000_000),
  quesData: z.string().min(1).max(5_000_000),
  windowSwitchCount: z.number().int().min(0).max(10_000).optional(),
  /** the save was re-sent from the client's offline queue (recorded on the attempt's timeline) */
  offline: z.boolean().optional(),
});
export const SaveDeltaRequest = z.object({
  id: Id,
  changes: z.array(AnswerChange).min(1).max(500),
  windowSwitchCount: z.number().int().min(0).max(10_000).optional(),
  offline: z.boolean().optional(),
});
export const AnsweredQuestionsRequest = z.union([SaveDeltaRequest, SaveFullRequest]);
export type AnsweredQuestionsRequest = z.infer<typeof AnsweredQuestionsRequest>;

/** examData: base64url JSON of { version, status, time_remaining }. */
export const AnsweredQuestionsResponse = z.object({
  examData: z.string(),
  saved: z.number(),
  version: z.number().nullable(),
  time_remaining: z.number(),
});
export type AnsweredQuestionsResponse = z.infer<typeof AnsweredQuestionsResponse>;
