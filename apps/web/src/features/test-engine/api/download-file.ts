import { apiPost } from '../../../lib/api-client.ts';

export const checkDownload = (url: string) =>
  apiPost<{ error: boolean; file_url: string }>('/api/result/downloadfile', { url });
