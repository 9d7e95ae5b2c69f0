import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** The spec's text once the question audio's 3 plays are used. */
export const PLAY_LIMIT_REACHED = 'Limit reached: Play audio up to 3 times only.';

/**
 * POST /api/test/questionAudioPlay: a play from the start of a spoken-answer question's audio,
 * counted by the server per attempt and question (spec: at most 3). The 4th is a 409 with
 * PLAY_LIMIT_REACHED and plays 4 (the spec's audioButtonCount); a reload keeps the count.
 */
export const QuestionAudioPlayRequest = z.object({ userExamId: Id, qid: Id });
export type QuestionAudioPlayRequest = z.infer<typeof QuestionAudioPlayRequest>;

export const QuestionAudioPlayResponse = z.object({
  /** plays counted so far, this one included (the spec's audioButtonCount) */
  plays: z.number().int().min(1),
  playsLeft: z.number().int().min(0),
  /** the question audio for this play: a signed URL that works until expiresAt (ADR 0212) */
  url: z.string(),
  expiresAt: z.string(),
});
export type QuestionAudioPlayResponse = z.infer<typeof QuestionAudioPlayResponse>;
