import { useEffect, useState } from 'react';
import type { TroubleCause } from './texts.ts';

export type MediaState =
  | { phase: 'requesting' }
  | { phase: 'ready'; stream: MediaStream }
  | { phase: 'failed'; cause: TroubleCause; name: string };

/** The troubleshooting cause of a getUserMedia failure (spec §8: denied, no device, other). */
export function causeOf(name: string): TroubleCause {
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError', 'NotSupportedError'].includes(name))
    return 'denied';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'noDevice';
  return 'other';
}

/**
 * Asks once for the devices the setup needs (audio with the spec's constraints, video facing the
 * user at the plan's size); the tracks stop when the setup unmounts.
 */
export function useMedia(
  audio: boolean,
  video: { width: number; height: number } | null,
  onResult: (granted: boolean, detail: string) => void,
): MediaState {
  const [state, setState] = useState<MediaState>({ phase: 'requesting' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!md?.getUserMedia) {
      console.error('NotSupportedError: media devices are not available');
      onResult(false, 'NotSupportedError');
      setState({ phase: 'failed', cause: 'denied', name: 'NotSupportedError' });
      return;
    }
    md.getUserMedia({
      audio: audio ? { sampleRate: 44100, echoCancellation: false } : false,
      video: video ? { width: video.width, height: video.height, facingMode: 'user' } : false,
    }).then(
      (s) => {
        if (gone) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        onResult(
          true,
          s
            .getTracks()
            .map((t) => t.kind)
            .join(','),
        );
        setState({ phase: 'ready', stream: s });
      },
      (e: unknown) => {
        const name = e instanceof Error ? e.name : 'Error';
        onResult(false, `${name}: ${e instanceof Error ? e.message : String(e)}`);
        if (!gone) setState({ phase: 'failed', cause: causeOf(name), name });
      },
    );
    return () => {
      gone = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
