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

/** Fire and forget: a permission grant or denial is logged on the server; never awaited, never thrown. */
export function logPermission(userexamid: number, event: string, detail?: string) {
  apiPost('/api/mobile-testing/store-permission-logs', {
    userexamid,
    event: event.slice(0, 60),
    detail: detail?.slice(0, 2000),
    at: new Date().toISOString(),
  }).catch((e: unknown) => console.warn('permission log failed', e));
}
