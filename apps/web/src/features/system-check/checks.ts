import { SYSTEM_CHECK } from '@invigil/contracts';

export interface Detected {
  name: string;
  ok: boolean;
}

/** Operating system from the user agent: Windows 7 and above, Linux (incl. Android, ChromeOS), Mac, iOS 11+ pass. */
export function detectOs(ua: string): Detected {
  const win = /Windows NT (\d+)\.(\d+)/.exec(ua);
  if (win) {
    const v = Number(win[1]) + Number(win[2]) / 10;
    const names: Record<string, string> = {
      '10': 'Windows 10/11',
      '6.3': 'Windows 8.1',
      '6.2': 'Windows 8',
      '6.1': 'Windows 7',
    };
    return {
      name: names[`${Number(win[1])}${win[2] === '0' ? '' : `.${win[2]}`}`] ?? `Windows NT ${win[1]}.${win[2]}`,
      ok: v >= 6.1,
    };
  }
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[._]/.exec(ua);
  if (ios) return { name: `iOS ${ios[1]}`, ok: Number(ios[1]) >= 11 };
  if (/Mac OS X|Macintosh/.test(ua)) return { name: 'Mac', ok: true };
  if (/Android/.test(ua)) return { name: 'Android (Linux)', ok: true };
  if (/CrOS/.test(ua)) return { name: 'ChromeOS (Linux)', ok: true };
  if (/Linux|X11/.test(ua)) return { name: 'Linux', ok: true };
  if (/Windows/.test(ua)) return { name: 'Windows', ok: false };
  return { name: 'Unknown', ok: false };
}

/** Browser from the user agent: Chrome 55 and above or Mozilla Firefox 50 and above pass. */
export function detectBrowser(ua: string): Detected {
  const ff = /(?:Firefox|FxiOS)\/(\d+)/.exec(ua);
  if (ff) return { name: `Mozilla Firefox ${ff[1]}`, ok: Number(ff[1]) >= SYSTEM_CHECK.minFirefox };
  const edge = /Edg(?:e|A|iOS)?\/(\d+)/.exec(ua);
  const chrome = /(?:Chrome|CriOS)\/(\d+)/.exec(ua);
  if (chrome) {
    const name = edge ? `Microsoft Edge ${edge[1]} (Chromium ${chrome[1]})` : `Chrome ${chrome[1]}`;
    return { name, ok: Number(chrome[1]) >= SYSTEM_CHECK.minChrome };
  }
  const safari = /Version\/(\d+)[\d.]* .*Safari\//.exec(ua);
  if (safari) return { name: `Safari ${safari[1]}`, ok: false };
  return { name: 'Unknown browser', ok: false };
}

/** Megabits per second for `bytes` received in `ms`. */
export const mbps = (bytes: number, ms: number) => (bytes * 8) / (Math.max(ms, 1) / 1000) / 1_000_000;

export const bandwidthOk = (value: number) => value > SYSTEM_CHECK.minBandwidthMbps;
