import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { RecordingReplyFields, UploadContext } from './recorded-answer.ts';
import { UploadId } from './upload-metadata.ts';

/**
 * POST /api/test/uploadvideo: the video interview answer (type 27) of a finished tus upload. The
 * server checks it (30 s to 4 min, audio level, faces on frames it samples, identity against the
 * kept primary picture or, without one, the still taken at the start) before it counts. The
 * client's recordedTime and facialData are recorded as sent but decide nothing.
 */
export const UploadVideoRequest = UploadContext.extend({
  uploadId: UploadId,
  examId: Id,
  questionNo: Id,
  recordedTime: z.number().min(0).max(100_000).optional(),
  /** imageUrl of the still uploaded at the start (uploadImg) */
  userImage: z.string().max(500).optional(),
  /** the browser's sentiments per sampled frame (advisory) */
  facialData: z.unknown().optional(),
});
export type UploadVideoRequest = z.infer<typeof UploadVideoRequest>;

export const UploadVideoResponse = RecordingReplyFields.extend({
  videoUrl: z.string(),
  file_name: z.string(),
  file_size: z.number(),
});
export type UploadVideoResponse = z.infer<typeof UploadVideoResponse>;
