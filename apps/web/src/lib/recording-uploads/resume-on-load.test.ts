import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../cookies.ts';
import { pendingRecordings } from './pending-store.ts';

const resume = vi.hoisted(() => vi.fn(async () => 1));
vi.mock('./resume-pending.ts', () => ({ resumePendingRecordings: resume }));
const { resumePendingOnLoad } = await import('./resume-on-load.ts');

describe('app load', () => {
  it('fetches the uploader only when something is pending, once per sign-in', async () => {
    resumePendingOnLoad(); // signed out: nothing
    setCookie('token', 'one');
    resumePendingOnLoad(); // nothing pending
    await new Promise((r) => setTimeout(r, 50));
    expect(resume).not.toHaveBeenCalled();

    await pendingRecordings.put({
      key: '7:1',
      userExamId: 7,
      qid: 1,
      kind: 'audio',
      blob: new Blob(['x']),
      mimeType: 'audio/webm',
      fileName: 'a.webm',
      seconds: 31,
      createdAt: 1,
    });
    resumePendingOnLoad(); // the same sign-in: already done
    setCookie('token', 'two');
    resumePendingOnLoad();
    resumePendingOnLoad();
    await vi.waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  });
});
