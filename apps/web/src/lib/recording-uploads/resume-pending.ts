import { getCookie } from '../cookies.ts';
import { pendingRecordings, type PendingRecording, type PendingStore } from './pending-store.ts';
import type { UploadManager } from './upload-manager.ts';
import { uploadsFor } from './uploads-registry.ts';

export interface ResumeDeps {
  store: PendingStore;
  /** the attempt's one manager in this page (shared with the test engine when it is open) */
  managerFor(userExamId: number): UploadManager;
  /** the signed-in user: another user's recordings stay for them */
  userId: string | undefined;
}

const mine = (r: PendingRecording, userId: string | undefined) => !r.userId || !userId || r.userId === userId;

/**
 * App load (ADR 0195): every recording an earlier page left unanswered is sent on from the
 * server's offset and checked, by its attempt's manager. Kept or refused for good (its checks, or
 * the test closed past the grace) it leaves IndexedDB with its outcome logged; a dropped link or
 * a failing server keeps it, tried again with back-off while the page is open and on the next
 * load. An attempt the test engine has open in this page is already being sent: `run` is a no-op
 * for a recording in progress. Resolves when every recording ended for good (the page may close first).
 */
export async function resumePendingRecordings(deps?: Partial<ResumeDeps>): Promise<number> {
  const { store, managerFor, userId }: ResumeDeps = {
    store: pendingRecordings,
    managerFor: uploadsFor,
    userId: getCookie('userId'),
    ...deps,
  };
  const pending = (await store.all()).filter((r) => mine(r, userId));
  await Promise.all(pending.map((r) => managerFor(r.userExamId).run(r)));
  return pending.length;
}
