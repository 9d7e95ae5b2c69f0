import { apiPost } from '../../../lib/api-client.ts';

export const startExam = (id: number, selectedLanguage: string) =>
  apiPost('/api/test/startExam', { id, selectedLanguage });
