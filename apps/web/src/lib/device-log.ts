import { apiPost } from './api-client.ts';

/** Which device log: the permission request, or a microphone or camera event. */
export type LogChannel = 'permission' | 'audio' | 'video';

const PATHS = {
  permission: '/api/mobile-testing/store-permission-logs',
  audio: '/api/mobile-testing/audioLogs',
  video: '/api/mobile-testing/videoLogs',
} as const satisfies Record<LogChannel, string>;

export interface DeviceLogEntry {
  /** our short name of what happened (for example mic_test_failed) */
  event: string;
  status: 'success' | 'failure';
  error?: unknown;
  constraints?: MediaStreamConstraints;
  tracks?: readonly MediaStreamTrack[];
  questionNo?: number;
  detail?: string;
}

/** The browser's family from its user agent (informative: the log is for support, never a decision). */
export function browserOf(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\//.test(ua)) return 'Opera';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrom(e|ium)\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Other';
}

const cut = (s: string | undefined, n: number) => (s === undefined ? undefined : s.slice(0, n));

/** The spec's permission / video / audio log body (spec section 3) for an entry. */
export function deviceLogBody(examId: number, entry: DeviceLogEntry, nav: Pick<Navigator, 'userAgent'> = navigator) {
  const err = entry.error instanceof Error ? entry.error : undefined;
  const ua = nav.userAgent;
  return {
    examId,
    event: entry.event.slice(0, 60),
    status: entry.status,
    errorName: cut(err?.name ?? (entry.error === undefined ? undefined : 'Error'), 100),
    errorMessage: cut(err?.message ?? (entry.error === undefined ? undefined : String(entry.error)), 1000),
    errorStack: cut(err?.stack, 4000),
    constraints: entry.constraints ? JSON.parse(JSON.stringify(entry.constraints)) : undefined,
    questionNo: entry.questionNo,
    userAgent: ua.slice(0, 400),
    platform: cut((nav as Navigator).platform, 100),
    deviceType: /Mobi|Android|iPhone|iPad/.test(ua) ? ('mobile' as const) : ('desktop' as const),
    browser: browserOf(ua),
    additionalLogs: entry.tracks?.slice(0, 10).map((t) => ({
      kind: t.kind.slice(0, 20),
      label: t.label.slice(0, 200),
      enabled: t.enabled,
      readyState: t.readyState,
    })),
    detail: cut(entry.detail, 2000),
    at: new Date().toISOString(),
  };
}

/** Fire and forget (spec §7): a device log is sent, never awaited, and a failure is only logged here. */
export function sendDeviceLog(examId: number, channel: LogChannel, entry: DeviceLogEntry): void {
  apiPost(PATHS[channel], deviceLogBody(examId, entry)).catch((e: unknown) => console.warn(`${channel} log failed`, e));
}
