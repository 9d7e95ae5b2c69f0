import type { RecordedAnswerFields } from '@invigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { PendingRecording, PendingStore } from './pending-store.ts';
import { Refused, TestEnded, UploadGone, UploadManager, type UploadTransport } from './upload-manager.ts';

class MemoryStore implements PendingStore {
  rows = new Map<string, PendingRecording>();
  async put(r: PendingRecording) {
    this.rows.set(r.key, { ...r });
  }
  async all() {
    return [...this.rows.values()];
  }
  async delete(key: string) {
    this.rows.delete(key);
  }
}

const rec = (qid: number, over: Partial<PendingRecording> = {}): PendingRecording => ({
  key: `7:${qid}`,
  userExamId: 7,
  qid,
  kind: 'audio',
  blob: new Blob(['x'.repeat(1000)]),
  mimeType: 'audio/webm',
  fileName: 'a.webm',
  seconds: 31,
  createdAt: 1,
  ...over,
});
const fields = (qid: number): RecordedAnswerFields => ({
  qid,
  answerResourcePath: `/api/test/recordings/7/${qid}`,
  answerResourceName: 'a.wav',
  recordedTime: 31,
  mongoSaved: true,
  descriptiveText: 'Not Required',
  buttonStyle: 'Answered',
});
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A transport scripted call by call: each send/accept takes the next outcome (a value or an error). */
function scripted(sends: Array<string | Error>, accepts: Array<RecordedAnswerFields | Error>) {
  const seen: { urls: Array<string | undefined> } = { urls: [] };
  const t: UploadTransport = {
    send: vi.fn(async (r, onProgress, onUrl) => {
      seen.urls.push(r.uploadUrl);
      onUrl(`/api/uploads/${'a'.repeat(32)}`);
      onProgress(500, 1000);
      const next = sends.shift() ?? new Error('no more');
      if (next instanceof Error) throw next;
      onProgress(1000, 1000);
      return next;
    }),
    accept: vi.fn(async () => {
      const next = accepts.shift() ?? new Error('no more');
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return { t, seen };
}

describe('upload bookkeeping: kept until the server confirms, resumed by its URL', () => {
  it('keeps the recording through dropped links and resumes the same tus upload', async () => {
    const store = new MemoryStore();
    const { t, seen } = scripted([new Error('offline'), new Error('offline'), 'a'.repeat(32)], [fields(1)]);
    const waits: number[] = [];
    const m = new UploadManager(store, t, async (ms) => void waits.push(ms));
    const saved = vi.fn();
    m.onSaved = saved;
    await m.add(rec(1));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(1, fields(1)));
    // the first try had no URL; the retries resumed the upload the server had created
    expect(seen.urls).toEqual([undefined, `/api/uploads/${'a'.repeat(32)}`, `/api/uploads/${'a'.repeat(32)}`]);
    expect(waits).toEqual([1000, 2000]);
    expect(store.rows.size).toBe(0);
    expect(m.status(1)).toBeNull();
  });

  it('a refusal drops the recording and shows its warning until dismissed', async () => {
    const store = new MemoryStore();
    const { t } = scripted(['b'.repeat(32)], [new Refused('shortDuration', 'short')]);
    const m = new UploadManager(store, t, async () => undefined);
    await m.add(rec(2));
    await vi.waitFor(() => expect(m.status(2)).toEqual({ state: 'failed', warning: 'shortDuration' }));
    expect(store.rows.size).toBe(0);
    expect(m.failures()).toEqual([{ qid: 2, warning: 'shortDuration' }]);
    m.dismiss(2);
    expect(m.status(2)).toBeNull();
  });

  it('an upload gone on the server starts again from the first byte; a finished test drops it', async () => {
    const store = new MemoryStore();
    const { t, seen } = scripted([new UploadGone('gone'), 'c'.repeat(32)], [new TestEnded('over')]);
    const m = new UploadManager(store, t, async () => undefined);
    await m.add(rec(3, { uploadUrl: '/api/uploads/old' }));
    await vi.waitFor(() => expect(t.accept).toHaveBeenCalled());
    await settle();
    expect(seen.urls[0]).toBe('/api/uploads/old');
    expect(seen.urls[1]).toBeUndefined();
    expect(store.rows.size).toBe(0);
    expect(m.status(3)).toBeNull();
  });

  it('after a reload resumes what this attempt left unsent, once, and nothing of other attempts', async () => {
    const store = new MemoryStore();
    await store.put(rec(4, { uploadUrl: '/api/uploads/kept' }));
    await store.put(rec(5, { key: '8:5', userExamId: 8 }));
    const { t, seen } = scripted(['d'.repeat(32)], [fields(4)]);
    const m = new UploadManager(store, t, async () => undefined);
    const saved = vi.fn();
    m.onSaved = saved;
    expect(await m.resume(7)).toBe(1);
    await m.resume(7);
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(seen.urls).toEqual(['/api/uploads/kept']);
    expect([...store.rows.keys()]).toEqual(['8:5']);
  });

  it('reports progress and the link while sending', async () => {
    const store = new MemoryStore();
    let release: (id: string) => void = () => undefined;
    const t: UploadTransport = {
      send: (_r, onProgress) => {
        onProgress(250, 1000);
        return new Promise((r) => (release = r));
      },
      accept: async () => fields(6),
    };
    const m = new UploadManager(
      store,
      t,
      async () => undefined,
      () => false,
    );
    await m.add(rec(6));
    expect(m.status(6)).toEqual({ state: 'uploading', sent: 250, total: 1000, online: false, checking: false });
    expect(m.uploading()).toEqual([6]);
    release('e'.repeat(32));
    await vi.waitFor(() => expect(m.uploading()).toEqual([]));
  });

  it('a shared machine: another user signs in while it waits; it stays for its owner, never sent as theirs', async () => {
    const store = new MemoryStore();
    let user = '1';
    const { t } = scripted([new Error('offline'), 'f'.repeat(32)], [fields(7)]);
    const m = new UploadManager(
      store,
      t,
      async () => void (user = '2'), // A logs out and B signs in on this page while the link is down
      () => true,
      () => user,
    );
    const saved = vi.fn();
    m.onSaved = saved;
    await m.add(rec(7));
    await vi.waitFor(() => expect(m.status(7)).toBeNull());
    // Nothing sent under B's session (the server would answer 404, read as a test that ended:
    // the recording would have been dropped from this browser).
    expect(t.send).toHaveBeenCalledTimes(1);
    expect(store.rows.get('7:7')?.userId).toBe('1'); // still kept, for A

    user = '1'; // A signs in again on this machine: the app load resumes it
    await m.run(store.rows.get('7:7')!);
    expect(t.send).toHaveBeenCalledTimes(2);
    expect(saved).toHaveBeenCalledWith(7, fields(7));
    expect(store.rows.size).toBe(0);
  });
});
