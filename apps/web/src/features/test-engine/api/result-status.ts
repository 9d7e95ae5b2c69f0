import { type SubmitTestResponse } from '@invigil/contracts';
import { apiGet } from '../../../lib/api-client.ts';

export const fetchResultStatus = (id: number) =>
  apiGet<Pick<SubmitTestResponse, 'examStatus' | 'resultStatus' | 'evaluation'>>(`/api/result/status/${id}`);
