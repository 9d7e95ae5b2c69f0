import { type SubmitTestRequest, type SubmitTestResponse } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export type SubmitBody = SubmitTestRequest & { userExamId: number };

export const submitTest = (id: number, body: SubmitBody) =>
  apiPost<SubmitTestResponse>(`/api/result/submittest/${id}`, body);
