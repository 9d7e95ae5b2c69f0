import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { RecordedAnswerFields } from '@invigil/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IdbPendingStore, type PendingRecording } from './pending-store.ts';
import { resumePendingRecordings } from './resume-pending.ts';
import { Refused, TestEnded, UploadManager, type UploadTransport, type Waiter } from './upload-manager.ts';

const URL_A = `/api/uploads/${'a'.repeat(32)}`;
const rec = (userExamId: number, qid: number, over: Partial<PendingRecording> = {}): PendingRecording => ({
  key: `${userExamId}:${qid}`,
  userExamId,
  qid,
  kind: 'audio',
  blob: new Blob(['x'.repeat(1000)]),
  mimeType: 'audio/webm',
  fileName: 'a.webm',
  seconds: 31,
  createdAt: 1,
  uploadUrl: URL_A,
  userId: '42',
  ...over,
});
const fields = (qid: number) => ({ qid, answerResourcePath: `/api/result/files/${qid}` }) as RecordedAnswerFields;

/** Each send takes the next outcome; every call's uploadUrl is recorded (where the upload resumed). */
function transport(sends: Array<string | Error>, accepts: Array<RecordedAnswerFields | Error> = []) {
  const urls: Array<string | undefined> = [];
  const t: UploadTransport = {
    send: vi.fn(async (r) => {
      urls.push(r.uploadUrl);
      const next = sends.shift() ?? new Error('network');
      if (next instanceof Error) throw next;
      return next;
    }),
    accept: vi.fn(async (r) => {
      const next = accepts.shift() ?? fields(r.qid);
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return { t, urls };
}

/** A page load: one manager per attempt over the same IndexedDB, outcomes collected. */
function load(store: IdbPendingStore, t: UploadTransport, wait: Waiter = async () => undefined) {
  const managers = new Map<number, UploadManager>();
  const outcomes: string[] = [];
  const managerFor = (id: number) => {
    let m = managers.get(id);
    if (!m) {
      m = new UploadManager(store, t, wait);
      m.onOutcome = (r, o) => void outcomes.push(`${r.key} ${o}`);
      managers.set(id, m);
    }
    return m;
  };
  return { managerFor, outcomes, resume: () => resumePendingRecordings({ store, managerFor, userId: '42' }) };
}

let store: IdbPendingStore;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = new IdbPendingStore();
});
const keys = async () => (await new IdbPendingStore().all()).map((r) => r.key).sort();

describe('app load: recordings left in IndexedDB are sent on, and dropped only when final', () => {
  it('resumes each at its stored tus URL, has it checked, and removes it once kept', async () => {
    await store.put(rec(7, 1));
    await store.put(rec(8, 2, { uploadUrl: undefined }));
    expect(await store.count()).toBe(2);
    const { t, urls } = transport(['a'.repeat(32), 'b'.repeat(32)]);
    const page = load(store, t);
    expect(await page.resume()).toBe(2);
    expect(urls.sort()).toEqual([URL_A, undefined].sort());
    expect(t.accept).toHaveBeenCalledTimes(2);
    expect(page.outcomes.sort()).toEqual(['7:1 kept', '8:2 kept']);
    expect(await keys()).toEqual([]);
  });

  it('drops a recording the server refuses for good (checks failed, test closed past the grace), once', async () => {
    await store.put(rec(7, 1));
    await store.put(rec(7, 2));
    const { t } = transport(
      ['a'.repeat(32), new TestEnded('The test closed too long ago: this recording can no longer be kept.')],
      [new Refused('shortDuration', 'Your recording is shorter than 30 seconds.')],
    );
    const page = load(store, t);
    await page.resume();
    expect(t.send).toHaveBeenCalledTimes(2);
    expect(page.outcomes.sort()).toEqual(['7:1 refused', '7:2 ended']);
    expect(await keys()).toEqual([]);
  });

  it('keeps it through network failures and 503s, backing off, for the next load to finish', async () => {
    await store.put(rec(7, 1));
    const waits: number[] = [];
    // the page is closed during the third wait
    const wait = (ms: number) => (waits.push(ms) < 3 ? Promise.resolve() : new Promise<void>(() => undefined));
    const first = load(store, transport([new Error('network'), new Error('status 503'), new Error('network')]).t, wait);
    void first.resume();
    await vi.waitFor(() => expect(waits).toEqual([1000, 2000, 4000]));
    expect(first.outcomes).toEqual([]);
    expect(await keys()).toEqual(['7:1']);
    expect((await new IdbPendingStore().all())[0]!.uploadUrl).toBe(URL_A);

    const { t, urls } = transport(['a'.repeat(32)]);
    const next = load(new IdbPendingStore(), t);
    await next.resume();
    expect(urls).toEqual([URL_A]);
    expect(next.outcomes).toEqual(['7:1 kept']);
    expect(await keys()).toEqual([]);
  });

  it("leaves another user's recordings, and does not send twice what this page is already sending", async () => {
    await store.put(rec(9, 1, { userId: '43' }));
    let release = () => undefined as void;
    const { t } = transport([]);
    t.send = vi.fn(() => new Promise<string>((resolve) => (release = () => resolve('a'.repeat(32)))));
    const page = load(store, t);
    const engine = page.managerFor(7);
    await engine.add(rec(7, 1));
    const resumed = page.resume();
    await vi.waitFor(() => expect(t.send).toHaveBeenCalledTimes(1));
    release();
    await resumed;
    await vi.waitFor(() => expect(page.outcomes).toEqual(['7:1 kept']));
    expect(t.send).toHaveBeenCalledTimes(1);
    expect(await keys()).toEqual(['9:1']);
  });
});
