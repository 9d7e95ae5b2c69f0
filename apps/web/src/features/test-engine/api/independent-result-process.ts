import { type SubmitTestResponse } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';
import type { SubmitBody } from './submit-test.ts';

export const independentResultProcess = (body: SubmitBody, submitType: 'MONGODB_SKIPPED' | 'MONGODB_SKIPPED_CATCH') =>
  apiPost<SubmitTestResponse>('/api/result/independent-resultprocess', { ...body, submitType });
