import type { GetLanguagesResponse } from '@invigil/contracts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/dashboard/getLanguages with header userexamid. */
export const fetchLanguages = (userExamId: number) =>
  apiGet<GetLanguagesResponse>('/api/dashboard/getLanguages', { headers: { userexamid: String(userExamId) } });
