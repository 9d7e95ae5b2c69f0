import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/dashboard/getLanguages with header userexamid. */
export const fetchLanguages = (userExamId: number) =>
  apiGet('/api/dashboard/getLanguages', { headers: { userexamid: String(userExamId) } });
