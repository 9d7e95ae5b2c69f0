import { apiGet } from '../../../lib/api-client.ts';

export const retest = (id: number) => apiGet<{ status: string; examStatus: string }>(`/api/test/retest/${id}`);
