import { SYSTEM_CHECK } from '@invigil/contracts';
import { apiDownload } from '../../../lib/api-client.ts';
import { mbps } from '../checks.ts';

/** Downloads the server's 50000-byte speed test and answers the measured Mbps. */
export async function measureBandwidth(): Promise<number> {
  const started = performance.now();
  const blob = await apiDownload('/api/system/speedtest', { query: { t: Date.now() } });
  const bytes = blob.size || SYSTEM_CHECK.speedTestBytes;
  return mbps(bytes, performance.now() - started);
}
