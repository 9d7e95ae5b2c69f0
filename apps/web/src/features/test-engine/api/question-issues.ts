import type { QuestionIssuesRequest } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export const reportIssue = (qid: number, issuetype: QuestionIssuesRequest['issuetype'], description: string) =>
  apiPost('/api/test/questionIssues', { qid, issuetype, description });
