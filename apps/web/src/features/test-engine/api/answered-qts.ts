import { decodePayload, type SavedTest } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/** The server's copy of an attempt (status, remaining time, answers with their seq); null when nothing is saved. */
export async function fetchSavedTest(id: number): Promise<SavedTest | null> {
  const res = await apiPost('/api/test/answeredQts', { id });
  return res.result ? decodePayload<SavedTest>(res.result) : null;
}
