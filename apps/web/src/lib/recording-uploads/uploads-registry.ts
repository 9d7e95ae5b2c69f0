import type { WarningType } from '@invigil/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { getCookie } from '../cookies.ts';
import { reportSending } from './activity.ts';
import { pendingRecordings } from './pending-store.ts';
import { tusTransport, waitOrOnline } from './tus-transport.ts';
import { UploadManager, type UploadStatus } from './upload-manager.ts';

const managers = new Map<number, UploadManager>();

/**
 * The one upload manager of an attempt in this page: its views, the test engine's page-level host
 * and an app load's resume share it, so a recording is never sent twice at once.
 */
export function uploadsFor(userExamId: number): UploadManager {
  let m = managers.get(userExamId);
  if (!m) {
    const made = new UploadManager(
      pendingRecordings,
      tusTransport,
      waitOrOnline,
      () => navigator.onLine,
      () => getCookie('userId'),
    );
    made.subscribe(() => reportSending(userExamId, made.uploading().length));
    managers.set(userExamId, (m = made));
  }
  return m;
}

/** Re-renders on every status change of the manager. */
export function useUploads(m: UploadManager): number {
  return useSyncExternalStore(m.subscribe, () => m.version);
}

/** One question's upload status. */
function useUploadStatus(m: UploadManager, qid: number): UploadStatus | null {
  useUploads(m);
  return m.status(qid);
}

/** What the manager says of a question's upload, as the recording machines' events. */
type UploadEvent = { type: 'resumeUpload' } | { type: 'refused'; warning: WarningType } | { type: 'saved' };

/**
 * A recording view's link to the uploads: the manager's word on its question (in progress,
 * refused, or saved: the answer fields arrived) goes to its machine, and navigation waits while
 * the view is `busy` (spec §5: Next, Previous and Finish wait while recording).
 */
export function useRecordingLink(
  m: UploadManager,
  qid: number,
  answered: boolean,
  dispatch: (e: UploadEvent) => void,
  busy: boolean,
  setRecording: ((on: boolean) => void) | undefined,
) {
  const upload = useUploadStatus(m, qid);
  useEffect(() => {
    if (upload?.state === 'uploading') dispatch({ type: 'resumeUpload' });
    else if (upload?.state === 'failed') dispatch({ type: 'refused', warning: upload.warning });
    else if (answered) dispatch({ type: 'saved' });
  }, [upload?.state, answered]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setRecording?.(busy), [busy]); // eslint-disable-line react-hooks/exhaustive-deps
}
