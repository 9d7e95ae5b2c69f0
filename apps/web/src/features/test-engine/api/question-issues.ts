import { apiPost } from '../../../lib/api-client.ts';

export const reportIssue = (qid: number, issuetype: string, description: string) =>
  apiPost<{ status: string }>('/api/test/questionIssues', { qid, issuetype, description });
