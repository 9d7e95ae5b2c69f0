import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/test/answeredQts: the saved test of an attempt. */
export const AnsweredQtsRequest = z.object({ id: Id });
export type AnsweredQtsRequest = z.infer<typeof AnsweredQtsRequest>;

/** result: base64url JSON of SavedTest, or null when nothing was saved. */
export const AnsweredQtsResponse = z.object({ result: z.string().nullable() });
export type AnsweredQtsResponse = z.infer<typeof AnsweredQtsResponse>;

/** What `result` decodes to: the server's copy of every answer with its seq, and timing. */
export interface SavedTest {
  version: number;
  status: string;
  time_remaining: number;
  maxSeq: number;
  answers: Array<{ qid: number; seq: number; answer: Record<string, unknown> }>;
}
