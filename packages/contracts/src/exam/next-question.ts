import { z } from 'zod';
import { Id, IntId, Seq } from '../shared/id.ts';
import { AnswerValue } from './question-item.ts';

/**
 * POST /api/test/nextQuestion (ours; adaptive tests, examtypeid 4). Saves the answer to the
 * current question and lets the server pick the next one from the difficulty pools.
 * question is base64url JSON of a QuestionItem, or null when the flow ends.
 */
export const NextQuestionRequest = z.object({
  id: Id,
  qid: IntId,
  seq: Seq,
  answer: AnswerValue,
});
export type NextQuestionRequest = z.infer<typeof NextQuestionRequest>;

export const NextQuestionResponse = z.object({
  done: z.boolean(),
  question: z.string().nullable(),
  remainingMarks: z.number(),
  time_remaining: z.number(),
});
export type NextQuestionResponse = z.infer<typeof NextQuestionResponse>;
