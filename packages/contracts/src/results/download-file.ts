import { z } from 'zod';

/**
 * POST /api/result/downloadfile: { url } is the stable file_url the upload answered; the reply's
 * file_url is a short-lived signed URL of it (no token needed, ADR 0150), error true when the file
 * is gone.
 */
export const DownloadFileRequest = z.object({ url: z.string().min(1).max(500) });
export const DownloadFileResponse = z.object({ error: z.boolean(), file_url: z.string() });
export type DownloadFileRequest = z.infer<typeof DownloadFileRequest>;
export type DownloadFileResponse = z.infer<typeof DownloadFileResponse>;
