import { TEXTS } from './texts.ts';

export type CaptureState = 'idle' | 'processing' | 'success' | 'noFace' | 'multipleFaces' | 'objects';

/** What the save of the primary image answered. */
export type SaveReply =
  | { kind: 'ok'; msg: string }
  /** An HTTP error: its status and body (422 carries `outcome` N, M or O). */
  | { kind: 'error'; status: number; body: unknown };

export interface CaptureResult {
  state: CaptureState;
  /** The snackbar text (spec §8), if any. */
  snackbar?: string;
}

const OUTCOME_STATE: Record<string, CaptureState> = { N: 'noFace', M: 'multipleFaces', O: 'objects' };

const outcomeOf = (body: unknown) =>
  body && typeof body === 'object' && 'outcome' in body && typeof body.outcome === 'string' ? body.outcome : '';

/**
 * The server decides: savePrimaryImage analyses the picture; msg SUCCESS is a passed check, 422
 * with outcome N/M/O is no face, multiple faces or background objects (spec §5 "Face check
 * (setup)"). Anything else resets the capture with the spec's snackbar: 'Error during facial
 * analysis.' when the analysis could not run (503), 'Error saving primary image.' otherwise
 * (a network failure included).
 */
export function captureResult(reply: SaveReply): CaptureResult {
  if (reply.kind === 'ok') {
    return reply.msg === 'SUCCESS'
      ? { state: 'success', snackbar: TEXTS.primarySaved }
      : { state: 'idle', snackbar: TEXTS.primaryFailed };
  }
  const state = reply.status === 422 ? OUTCOME_STATE[outcomeOf(reply.body)] : undefined;
  if (state) return { state };
  // 503: the server's facial analysis could not run (busy or timed out): spec §8's analysis text.
  if (reply.status === 503) return { state: 'idle', snackbar: TEXTS.analysisError };
  return { state: 'idle', snackbar: TEXTS.primaryError };
}

/** The text a capture state shows under the camera. */
export const CAPTURE_TEXT: Record<CaptureState, string | null> = {
  idle: null,
  processing: TEXTS.waitForAi,
  success: TEXTS.configured,
  noFace: TEXTS.noFace,
  multipleFaces: TEXTS.multipleFaces,
  objects: TEXTS.objects,
};
