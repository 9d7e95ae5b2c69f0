import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { ISSUE_TYPES } from '../shared/question-types.ts';

/** POST /api/test/questionIssues ('Flag this question' / Report Issue). */
export const QuestionIssuesRequest = z.object({
  qid: Id,
  issuetype: z.enum(ISSUE_TYPES),
  description: z.string().trim().min(1, 'Description is required').max(2000),
});
export type QuestionIssuesRequest = z.infer<typeof QuestionIssuesRequest>;
export const QuestionIssuesResponse = z.object({ status: z.literal('SUCCESS') });
