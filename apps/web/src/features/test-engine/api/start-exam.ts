import { type StartExamResponse } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export const startExam = (id: number, selectedLanguage: string) =>
  apiPost<StartExamResponse>('/api/test/startExam', { id, selectedLanguage });
