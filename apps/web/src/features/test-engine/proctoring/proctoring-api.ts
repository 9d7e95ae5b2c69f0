import { ApiError, apiPost, apiUpload } from '../../../lib/api-client.ts';
import { sampleFileName } from '../../../lib/opus-recorder.ts';
import type { CallResult } from './proctoring-monitor.ts';
import { retryDelay } from './retry-queue.ts';
import type { AudioVerdict, MonitorSettings, PhotoVerdict } from './warning-levels.ts';

/** The attempt's monitoring settings (POST /api/test/getMonitoringData). */
const monitoringSettings = async (userexamid: number): Promise<MonitorSettings> =>
  (await apiPost('/api/test/getMonitoringData', { userexamid })).result;

/**
 * The settings, asked again with back-off (2 s, 4 s ... 60 s) while the server is busy or the link
 * is down: one lost call must not leave a monitored attempt running unmonitored. A refusal (4xx)
 * ends it; `onRetry` hears of each failure (logged once by the panel); `gone` stops it.
 */
export async function monitoringSettingsWithRetry(
  userexamid: number,
  gone: () => boolean,
  onRetry: (e: unknown, attempt: number) => void,
  load: (id: number) => Promise<MonitorSettings> = monitoringSettings,
): Promise<MonitorSettings | null> {
  for (let attempt = 0; !gone(); attempt++) {
    try {
      return await load(userexamid);
    } catch (e) {
      const f = failure(e);
      if ('refused' in f) throw e;
      onRetry(e, attempt);
      await untilOnlineOr(retryDelay(attempt, 'retry' in f ? f.afterMs : undefined));
    }
  }
  return null;
}

/** Waits `ms`, or less when the link comes back (the window's 'online'). */
function untilOnlineOr(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
  });
}

/** Busy (503, 429), a server error or no link: the check could not run, try again later. */
function failure(e: unknown): CallResult<never> {
  if (!(e instanceof ApiError)) return { retry: true };
  if (e.status === 0 || e.status === 429 || e.status >= 500) {
    const body = e.body as { retryAfter?: unknown } | null;
    const after = typeof body?.retryAfter === 'number' ? body.retryAfter * 1000 : undefined;
    return { retry: true, afterMs: after };
  }
  return { refused: true };
}

/** One periodic picture: the server analyses it and decides (POST /api/proctoring/photoCheck). */
export async function photoCheck(
  userexamid: number,
  imagePath: string,
  checkId: string,
  takenAgoMs: number,
): Promise<CallResult<PhotoVerdict>> {
  try {
    return { verdict: await apiPost('/api/proctoring/photoCheck', { userexamid, imagePath, checkId, takenAgoMs }) };
  } catch (e) {
    return failure(e);
  }
}

/** One speaker sample (multipart audiofile, userexamid; POST /api/test/getaudio). */
export async function audioCheck(userexamid: number, sample: Blob, checkId: string): Promise<CallResult<AudioVerdict>> {
  const form = new FormData();
  form.append('userexamid', String(userexamid));
  form.append('checkId', checkId);
  form.append('audiofile', sample, sampleFileName(sample, 'speaker-check'));
  try {
    return { verdict: await apiUpload('/api/test/getaudio', form) };
  } catch (e) {
    return failure(e);
  }
}
