import {
  UPLOADS_PATH,
  audioUploadErrorType,
  isWarningType,
  videoUploadErrorType,
  type RecordedAnswerFields,
} from '@invigil/contracts';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError, apiPost } from '../api-client.ts';
import { getCookie } from '../cookies.ts';
import type { PendingRecording } from './pending-store.ts';
import { Refused, TestEnded, UploadGone, type UploadTransport } from './upload-manager.ts';

/**
 * The size of one PATCH: after a dropped link at most this much is sent again (the server keeps
 * every byte it wrote; the client resumes at its offset). 256 KiB is 7 s at 0.3 Mbit/s.
 */
const CHUNK_BYTES = 256 * 1024;

const bearer = () => `Bearer ${getCookie('token') ?? ''}`;

/** A tus or API error body's message and dialog type. */
function bodyOf(text: string | undefined): { message: string; type?: unknown } {
  try {
    const b = JSON.parse(text ?? '') as { message?: string; type?: unknown };
    return { message: b.message ?? '', type: b.type };
  } catch {
    return { message: text ?? '' };
  }
}

/** The test is over for this recording: no new upload after the deadline, or past the grace (ADR 0161). */
const ENDED =
  /not in progress|Time is up|already been submitted|terminated|expired|time for this test is over|closed too long ago/i;

/** How a refusal of this recording reads: final (Refused), the test over, gone, or to try again. */
export function classify(r: PendingRecording, status: number, message: string, type: unknown): Error {
  const warning = () =>
    r.kind === 'audio' ? audioUploadErrorType(message, type) : videoUploadErrorType(message, type);
  if (status === 404 && /Upload not found/.test(message)) return new UploadGone(message);
  if (status === 404 || (status === 409 && ENDED.test(message))) return new TestEnded(message);
  if ([400, 413, 415, 422].includes(status) || isWarningType(type)) return new Refused(warning(), message);
  return new Error(message || `status ${status}`);
}

/** tus-js-client for the bytes, the spec's upload calls for the answer. */
export const tusTransport: UploadTransport = {
  send(r, onProgress, onUrl) {
    return new Promise((resolve, reject) => {
      const upload = new Upload(r.blob, {
        endpoint: UPLOADS_PATH,
        uploadUrl: r.uploadUrl ?? null,
        chunkSize: CHUNK_BYTES,
        // tus-js-client's own quick retries; after them the upload manager waits and starts again.
        retryDelays: [0, 1000, 3000, 5000],
        // The URL is kept with the recording in IndexedDB (pending-store.ts), not in tus's storage.
        storeFingerprintForResuming: false,
        metadata: {
          attempt: String(r.userExamId),
          question: String(r.qid),
          kind: r.kind,
          filename: r.fileName,
          filetype: r.mimeType,
        },
        onBeforeRequest: (req) => req.setHeader('Authorization', bearer()),
        onUploadUrlAvailable: () => {
          if (upload.url) onUrl(upload.url);
        },
        onProgress: (sent, total) => onProgress(sent, total),
        onShouldRetry: (err) => {
          const res = (err as DetailedError).originalResponse;
          const status = res?.getStatus() ?? 0;
          if (status === 409 && ENDED.test(res?.getBody() ?? '')) return false;
          return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
        },
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
        onError: (err) => {
          const res = (err as DetailedError).originalResponse;
          const status = res?.getStatus() ?? 0;
          if (!status) return reject(err);
          const body = bodyOf(res?.getBody());
          reject(classify(r, status, body.message, body.type));
        },
      });
      upload.start();
    });
  },

  async accept(r, uploadId): Promise<RecordedAnswerFields> {
    try {
      const reply =
        r.kind === 'audio'
          ? await apiPost('/api/test/uploadaudio', { uploadId, examId: r.userExamId, questionNo: r.qid })
          : await apiPost('/api/test/uploadvideo', {
              uploadId,
              examId: r.userExamId,
              questionNo: r.qid,
              recordedTime: Math.round(r.seconds),
              userImage: r.stillUrl,
            });
      if (!reply.answer) throw new Error('no answer in the reply');
      return reply.answer;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0) throw e;
      const body = (e.body ?? {}) as { type?: unknown; offset?: unknown };
      // Not every byte arrived (the server says where it has got to): send the rest.
      if (e.status === 409 && typeof body.offset === 'number') throw new Error(e.message, { cause: e });
      if (e.status === 409 && /already saved/.test(e.message)) return savedVideo(r);
      throw classify(r, e.status, e.message, body.type);
    }
  },
};

/** The video was saved by an earlier call whose reply was lost: the server's answer fields. */
async function savedVideo(r: PendingRecording): Promise<RecordedAnswerFields> {
  const v = await apiPost('/api/test/validateVideoTestData', { userExamId: r.userExamId, qid: r.qid });
  if (!v.answer) throw new Refused('corruptVideo', 'no video');
  return v.answer;
}

/** Waits `ms`, or until the browser says the link is back. */
export function waitOrOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}
