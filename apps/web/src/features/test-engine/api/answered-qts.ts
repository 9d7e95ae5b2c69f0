import { decodePayload, type SavedTest } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export async function fetchAnsweredQts(id: number): Promise<SavedTest | null> {
  const res = await apiPost('/api/test/answeredQts', { id });
  return res.result ? decodePayload<SavedTest>(res.result) : null;
}
