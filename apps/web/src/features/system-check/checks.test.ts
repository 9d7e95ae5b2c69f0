import { describe, expect, it } from 'vitest';
import { bandwidthOk, detectBrowser, detectOs, mbps } from './checks.ts';

const UA = {
  chrome120win10:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome50win7:
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0',
  firefox45mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.11; rv:45.0) Gecko/20100101 Firefox/45.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  xp: 'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('system checks from the user agent', () => {
  it('passes Windows 7 and above, Linux, Mac, Android; fails Windows XP', () => {
    expect(detectOs(UA.chrome120win10)).toEqual({ name: 'Windows 10/11', ok: true });
    expect(detectOs(UA.chrome50win7)).toEqual({ name: 'Windows 7', ok: true });
    expect(detectOs(UA.firefoxLinux).ok).toBe(true);
    expect(detectOs(UA.firefox45mac)).toEqual({ name: 'Mac', ok: true });
    expect(detectOs(UA.android).ok).toBe(true);
    expect(detectOs(UA.safariIphone)).toEqual({ name: 'iOS 17', ok: true });
    expect(detectOs(UA.xp).ok).toBe(false);
  });

  it('passes Chrome 55+ and Firefox 50+ only', () => {
    expect(detectBrowser(UA.chrome120win10)).toEqual({ name: 'Chrome 120', ok: true });
    expect(detectBrowser(UA.headless)).toEqual({ name: 'Chrome 140', ok: true });
    expect(detectBrowser(UA.chrome50win7).ok).toBe(false);
    expect(detectBrowser(UA.firefoxLinux)).toEqual({ name: 'Mozilla Firefox 115', ok: true });
    expect(detectBrowser(UA.firefox45mac).ok).toBe(false);
    expect(detectBrowser(UA.safariIphone).ok).toBe(false);
  });

  it('computes bandwidth and passes above 0.3 Mbps', () => {
    expect(mbps(50_000, 1000)).toBeCloseTo(0.4);
    expect(bandwidthOk(mbps(50_000, 1000))).toBe(true);
    expect(bandwidthOk(mbps(50_000, 2000))).toBe(false);
    expect(bandwidthOk(0.3)).toBe(false);
  });
});
