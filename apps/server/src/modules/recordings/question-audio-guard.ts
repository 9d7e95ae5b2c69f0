import { posix } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { knownContentTypeOf } from '../../lib/media/content-types.ts';

/** The reply to a direct request for a spoken-answer question's audio (ADR 0212). */
const QUESTION_AUDIO_DIRECT =
  "This question's audio plays only from its test, at most 3 times: press play on the question.";

const REMEMBER_MS = 30_000;

/**
 * The file a URL reaches, as the static files and the web fallback resolve it: decoded, dot
 * segments and repeated slashes folded (`//media//x/./a.mp3` is `/media/x/a.mp3`). Null when it
 * cannot be decoded (the router refuses it).
 */
function servedPath(url: string): string | null {
  try {
    return posix.normalize(`/${decodeURIComponent(url.split('?')[0] ?? '')}`).replace(/\/{2,}/g, '/');
  } catch {
    return null;
  }
}

/**
 * Refuses direct GETs of a spoken-answer question's audio file under /media/ (imported or demo):
 * it plays from the short-lived signed URL that each counted play hands out, so a copied file
 * link does not give unlimited plays. Only audio paths are looked up, each answer remembered 30 s.
 */
export function registerQuestionAudioGuard(app: FastifyInstance, isQuestionAudio: (path: string) => Promise<boolean>) {
  const seen = new Map<string, { gated: boolean; at: number }>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const path = servedPath(req.url);
    if (!path?.startsWith('/media/') || !knownContentTypeOf(path)?.startsWith('audio/')) return;
    const now = Date.now();
    let hit = seen.get(path);
    if (!hit || now - hit.at > REMEMBER_MS) {
      hit = { gated: await isQuestionAudio(path), at: now };
      if (seen.size > 1000) seen.clear();
      seen.set(path, hit);
    }
    if (hit.gated)
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: QUESTION_AUDIO_DIRECT });
  });
}
