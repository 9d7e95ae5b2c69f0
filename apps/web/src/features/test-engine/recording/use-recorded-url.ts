import { useEffect, useState } from 'react';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * A playable URL of the candidate's recorded answer: the local recording while this page has it,
 * else, once asked for, a short-lived signed URL of the kept file from downloadfile (ADR 0150):
 * the player streams it with ranges and nothing is fetched before Play. `refresh` asks again (a
 * signed URL expires after a few minutes).
 */
export function useRecordedUrl(local: Blob | null, serverPath: string | undefined, load: boolean) {
  const [url, setUrl] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let made: string | null = null;
    let gone = false;
    if (local) {
      made = URL.createObjectURL(local);
      setUrl(made);
    } else if (serverPath && load) {
      apiPost('/api/result/downloadfile', { url: serverPath }).then(
        (r) => !gone && !r.error && setUrl(r.file_url),
        () => undefined,
      );
    } else setUrl(null);
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [local, serverPath, load, round]);
  return { url, refresh: () => setRound((n) => (n < 3 ? n + 1 : n)) };
}
