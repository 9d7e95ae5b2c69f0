import { type SubmitTestRequest } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export type SubmitBody = SubmitTestRequest & { userExamId: number };

export const submitTest = (id: number, body: SubmitBody) =>
  apiPost('/api/result/submittest/:id', body, { params: { id } });
