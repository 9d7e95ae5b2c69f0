import { apiPost } from '../../../lib/api-client.ts';

export const checkDownload = (url: string) => apiPost('/api/result/downloadfile', { url });
