import { describe, expect, it } from 'vitest';
import type { PendingRecording } from './pending-store.ts';
import { classify } from './tus-transport.ts';
import { Refused, TestEnded, UploadGone } from './upload-manager.ts';

const audio = { kind: 'audio' } as PendingRecording;

describe("the server's answers to a recording: final, start again, or try later", () => {
  it('ends it for good once the test is over for it (ADR 0161 grace, no new upload after the deadline)', () => {
    for (const message of [
      'The test closed too long ago: this recording can no longer be kept.',
      'The time for this test is over: a new recording cannot be sent.',
      'This test is not in progress.',
    ])
      expect(classify(audio, 409, message, undefined)).toBeInstanceOf(TestEnded);
  });

  it('refuses it for good when its checks fail, and starts again when the upload is gone', () => {
    expect(classify(audio, 422, 'Your recording is shorter than 30 seconds.', 'shortDuration')).toBeInstanceOf(Refused);
    expect(classify(audio, 404, 'Upload not found', undefined)).toBeInstanceOf(UploadGone);
  });

  it('keeps it for another try on a 503, a busy upload or an unfinished one', () => {
    for (const [status, message] of [
      [503, 'Service Unavailable'],
      [409, 'This recording is being checked. Please wait.'],
      [401, 'Unauthorized'],
    ] as const) {
      const e = classify(audio, status, message, undefined);
      expect([Refused, TestEnded, UploadGone].some((c) => e instanceof c)).toBe(false);
    }
  });
});
