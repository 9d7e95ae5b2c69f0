import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { RecordingReplyFields, UploadContext } from './recorded-answer.ts';
import { UploadId } from './upload-metadata.ts';

/**
 * POST /api/test/uploadaudio: the spoken answer (type 28) whose file came up resumably (tus). The
 * spec's multipart file is replaced by `uploadId`, the finished upload; the server measures the
 * recording (at least 30 s, RMS at least 0.01, decodable), keeps it as WAV and answers the
 * question. A refusal is 422 with `type` (the warning dialog) and nothing kept.
 */
export const UploadAudioRequest = UploadContext.extend({
  uploadId: UploadId,
  /** the user-exam id */
  examId: Id,
  /** the question id */
  questionNo: Id,
});
export type UploadAudioRequest = z.infer<typeof UploadAudioRequest>;

export const UploadAudioResponse = RecordingReplyFields.extend({
  file_url: z.string(),
  file_name: z.string(),
  file_size: z.number(),
});
export type UploadAudioResponse = z.infer<typeof UploadAudioResponse>;
