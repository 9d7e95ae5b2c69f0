import { ApiError, apiPost } from '../../lib/api-client.ts';
import type { SaveReply } from './capture-result.ts';

/** POST /api/test/getMonitoringData: the attempt's monitoring settings. */
export const fetchMonitoring = (userexamid: number) =>
  apiPost('/api/test/getMonitoringData', { userexamid }).then((r) => r.result);

/** POST /api/test/savePrimaryImage: the server analyses the picture and keeps it only with one face. */
export async function savePrimaryImage(userexamid: number, imagePath: string): Promise<SaveReply> {
  try {
    const r = await apiPost('/api/test/savePrimaryImage', { userexamid, imagePath });
    return { kind: 'ok', msg: r.msg };
  } catch (e) {
    if (e instanceof ApiError) return { kind: 'error', status: e.status, body: e.body };
    throw e;
  }
}
