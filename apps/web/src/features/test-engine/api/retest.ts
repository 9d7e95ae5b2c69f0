import { apiGet } from '../../../lib/api-client.ts';

export const retest = (id: number) => apiGet('/api/test/retest/:userExamId', { params: { userExamId: id } });
