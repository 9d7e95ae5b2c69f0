import { z } from 'zod';

/** POST /api/result/downloadfile: { url } of an uploaded file; file_url is fetched with the bearer token. */
export const DownloadFileRequest = z.object({ url: z.string().min(1).max(500) });
export const DownloadFileResponse = z.object({ error: z.boolean(), file_url: z.string() });
export type DownloadFileRequest = z.infer<typeof DownloadFileRequest>;
export type DownloadFileResponse = z.infer<typeof DownloadFileResponse>;
