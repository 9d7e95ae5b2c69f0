import { apiPost } from '../../../lib/api-client.ts';
import type { SubmitBody } from './submit-test.ts';

export const fallbackSubmit = (id: number, body: SubmitBody) =>
  apiPost('/api/result/fallbacksubmit/:id', { ...body, submitType: 'FALLBACK_ON_CATCH' }, { params: { id } });
