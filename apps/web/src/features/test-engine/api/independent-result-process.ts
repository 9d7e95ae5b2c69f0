import { apiPost } from '../../../lib/api-client.ts';
import type { SubmitBody } from './submit-test.ts';

export const independentResultProcess = (body: SubmitBody, submitType: 'MONGODB_SKIPPED' | 'MONGODB_SKIPPED_CATCH') =>
  apiPost('/api/result/independent-resultprocess', { ...body, submitType });
