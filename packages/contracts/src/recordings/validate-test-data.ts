import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { RecordingReplyFields } from './recorded-answer.ts';

const Name = z.string().max(200).optional();

/**
 * POST /api/test/validateAudioTestData: after an upload (or a reload), the answers the server holds
 * for the attempt's recordings. userId is the spec's field; the session decides who asks.
 */
export const ValidateAudioTestDataRequest = z.object({
  userId: Id.optional(),
  userExamId: Id,
  curQues: Id,
  firstname: Name,
  lastname: Name,
});
export type ValidateAudioTestDataRequest = z.infer<typeof ValidateAudioTestDataRequest>;

/** POST /api/test/validateVideoTestData: the same for the video question qid (curQues is its id too). */
export const ValidateVideoTestDataRequest = z.object({
  userId: Id.optional(),
  userExamId: Id,
  qid: Id,
  curQues: Id.optional(),
});
export type ValidateVideoTestDataRequest = z.infer<typeof ValidateVideoTestDataRequest>;

export const ValidateTestDataResponse = RecordingReplyFields.extend({
  /** questions of the attempt with a verified recording */
  updatedQuestions: z.number().int(),
  totalQuestions: z.number().int(),
});
export type ValidateTestDataResponse = z.infer<typeof ValidateTestDataResponse>;
