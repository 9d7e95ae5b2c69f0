import { z } from 'zod';

/**
 * POST /api/result/uploadfile: multipart field `upl`; header `filename` names the file
 * `{examid}_{qid}` (examid = user-exam id). Allowed: the spec's image and file extensions.
 */
export const UploadFileResponse = z.object({
  error: z.boolean(),
  file_url: z.string(),
  file_name: z.string().optional(),
  message: z.string().optional(),
});
export type UploadFileResponse = z.infer<typeof UploadFileResponse>;
