import type { Analyzer } from '../analyzer.ts';
import { AnalysisBusyError, AnalysisInputError } from '../errors.ts';

/** Talks to a separate `analysis` process (ANALYSIS_URL) so analysis scales apart from the API. */
export function createRemoteAnalyzer(baseUrl: string, token?: string, timeoutMs = 60_000): Analyzer {
  const call = async <T>(path: string, body: Buffer | Record<string, unknown>, method = 'POST'): Promise<T> => {
    const isJson = !Buffer.isBuffer(body);
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        'content-type': isJson ? 'application/json' : 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: method === 'GET' ? undefined : isJson ? JSON.stringify(body) : new Uint8Array(body as Buffer),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 503) throw new AnalysisBusyError(Number(res.headers.get('retry-after') ?? 5));
    if (res.status >= 400 && res.status < 500)
      throw new AnalysisInputError(String(data.code ?? 'BAD_INPUT'), String(data.message ?? 'Bad input'), res.status);
    if (!res.ok) throw new Error(`analysis service answered ${res.status}`);
    return data as T;
  };
  return {
    singleFace: (primaryImage) => call('/v1/single-face', { primaryImage }),
    faceMatch: (primaryImage, currentImage) => call('/v1/face-match', { primaryImage, currentImage }),
    describe: (image) => call('/v1/describe', image),
    describeFace: (image, embedding, scene = true) =>
      call(`/v1/describe-face?embedding=${embedding ? 1 : 0}&scene=${scene ? 1 : 0}`, image),
    describeFrame: (image) => call('/v1/describe-frame', image),
    countSpeakers: (audio) => call('/v1/speakers', audio),
    stats: () => call('/v1/stats', {}, 'GET'),
    close: async () => {},
  };
}
