import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { RECORDING_KINDS, isPlainFileName } from './recording-rules.ts';

/**
 * The tus upload of a recording (POST /api/uploads, Upload-Metadata): which attempt and question
 * it answers, and whether it is the spoken answer (audio) or the video. The server names the
 * upload; the file name is kept only as a label and must have no path parts.
 */
export const RecordingUploadMetadata = z.object({
  attempt: Id,
  question: Id,
  kind: z.enum(RECORDING_KINDS),
  filename: z.string().refine(isPlainFileName, 'filename must be a plain file name (no path parts)'),
  filetype: z.string().min(1).max(100),
});
export type RecordingUploadMetadata = z.infer<typeof RecordingUploadMetadata>;

/** A tus upload id as the server makes them (32 hex characters). */
export const UploadId = z.string().regex(/^[0-9a-f]{32}$/, 'uploadId must be the id of a finished upload');
