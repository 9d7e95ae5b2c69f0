import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** The answer fields a verified recording sets on its question (spec: Spoken answer, Video question flow). */
export const RecordedAnswerFields = z.object({
  qid: z.number(),
  answerResourcePath: z.string(),
  answerResourceName: z.string(),
  /** Seconds, as the server measured the file. */
  recordedTime: z.number(),
  mongoSaved: z.literal(true),
  descriptiveText: z.string(),
  buttonStyle: z.literal('Answered'),
});
export type RecordedAnswerFields = z.infer<typeof RecordedAnswerFields>;

/** The spec's optional context fields of the upload calls: sent by its client, never trusted. */
const Encoded = z.string().max(600_000);
export const UploadContext = z.object({
  examDetail: Encoded.optional(),
  testData: Encoded.optional(),
  windowSwitchCount: z.number().int().min(0).max(100_000).optional(),
  remainingTime: z.number().min(0).max(1e7).optional(),
});

/**
 * What the upload and validate calls answer besides their own fields: the question's answer as
 * the server holds it (updatedTestData: base64url JSON of the recorded answers), the exam detail
 * (status and time_remaining, encoded) and `answer`, the current question's fields decoded.
 */
export const RecordingReplyFields = z.object({
  mongoSaved: z.boolean(),
  updatedTestData: z.string(),
  examDetail: z.string(),
  answer: RecordedAnswerFields.nullable(),
});

export const UserExamQuestion = z.object({ userExamId: Id, qid: Id });
