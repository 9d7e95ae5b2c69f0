import { apiGet } from '../../../lib/api-client.ts';

export const fetchResultStatus = (id: number) => apiGet('/api/result/status/:id', { params: { id } });
