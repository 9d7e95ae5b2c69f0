import { z } from 'zod';

/**
 * POST /api/test/uploadImg: the still picture taken as a video recording starts, multipart field
 * `file` named {userid}_{examId}_{qid}.jpg (JPEG or PNG, at most 2 MB). It is the identity
 * reference of the video when the attempt has no primary picture.
 */
export const UploadImgResponse = z.object({ imageUrl: z.string() });
export type UploadImgResponse = z.infer<typeof UploadImgResponse>;

/** The spec's name of the still: {userid}_{examId}_{qid}.jpg */
export const STILL_NAME = /^(\d{1,10})_(\d{1,10})_(\d{1,10})\.(jpg|jpeg|png)$/i;
