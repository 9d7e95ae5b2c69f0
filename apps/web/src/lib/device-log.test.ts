import { describe, expect, it } from 'vitest';
import { browserOf, deviceLogBody } from './device-log.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('device log body (spec: permission and video/audio log)', () => {
  it("carries the browser's error, the constraints and each track's state", () => {
    const error = new Error('Permission denied');
    error.name = 'NotAllowedError';
    const track = { kind: 'video', label: 'Integrated Camera', enabled: true, readyState: 'live' } as MediaStreamTrack;
    const body = deviceLogBody(
      7,
      {
        event: 'permission_denied',
        status: 'failure',
        error,
        constraints: { audio: false, video: true },
        tracks: [track],
      },
      { userAgent: CHROME },
    );
    expect(body).toMatchObject({
      examId: 7,
      event: 'permission_denied',
      status: 'failure',
      errorName: 'NotAllowedError',
      errorMessage: 'Permission denied',
      constraints: { audio: false, video: true },
      deviceType: 'desktop',
      browser: 'Chrome',
      additionalLogs: [{ kind: 'video', label: 'Integrated Camera', enabled: true, readyState: 'live' }],
    });
    expect(body.errorStack).toContain('NotAllowedError');
  });

  it('a thrown non-Error still names the failure; sizes stay within the server limits', () => {
    const body = deviceLogBody(
      1,
      { event: 'x'.repeat(80), status: 'failure', error: 'boom', detail: 'd'.repeat(3000) },
      {
        userAgent: IPHONE,
      },
    );
    expect(body).toMatchObject({ errorName: 'Error', errorMessage: 'boom', deviceType: 'mobile', browser: 'Safari' });
    expect(body.event).toHaveLength(60);
    expect(body.detail).toHaveLength(2000);
  });

  it('a success has no error fields', () => {
    const body = deviceLogBody(1, { event: 'mic_test_passed', status: 'success' }, { userAgent: CHROME });
    expect(body.errorName).toBeUndefined();
    expect(body.errorMessage).toBeUndefined();
  });

  it.each([
    ['Mozilla/5.0 ... Chrome/131.0 Safari/537.36 Edg/131.0', 'Edge'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox'],
    [CHROME, 'Chrome'],
    [IPHONE, 'Safari'],
    ['curl/8.0', 'Other'],
  ])('%s is %s', (ua, name) => expect(browserOf(ua)).toBe(name));
});
