import { useEffect, useState } from 'react';
import { mediaFailureOf } from '../../lib/media/media-errors.ts';
import type { TroubleCause } from './texts.ts';

/** What the permission request gave: the stream's tracks, or the browser's error; with the constraints asked. */
export interface PermissionResult {
  granted: boolean;
  constraints: MediaStreamConstraints;
  tracks?: readonly MediaStreamTrack[];
  error?: unknown;
}

export type MediaState =
  | { phase: 'requesting' }
  | { phase: 'ready'; stream: MediaStream }
  | { phase: 'failed'; cause: TroubleCause; name: string };

/** The troubleshooting cause of a getUserMedia failure (spec §8: denied, no device, other). */
export const causeOf = (name: string): TroubleCause => mediaFailureOf(name);

/**
 * Asks once for the devices the setup needs (audio with the spec's constraints, video facing the
 * user at the plan's size); the tracks stop when the setup unmounts.
 */
export function useMedia(
  audio: boolean,
  video: { width: number; height: number } | null,
  onResult: (result: PermissionResult) => void,
): MediaState {
  const [state, setState] = useState<MediaState>({ phase: 'requesting' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    const constraints: MediaStreamConstraints = {
      audio: audio ? { sampleRate: 44100, echoCancellation: false } : false,
      video: video ? { width: video.width, height: video.height, facingMode: 'user' } : false,
    };
    if (!md?.getUserMedia) {
      const error = new Error('media devices are not available');
      error.name = 'NotSupportedError';
      console.error(`${error.name}: ${error.message}`);
      onResult({ granted: false, constraints, error });
      setState({ phase: 'failed', cause: 'denied', name: 'NotSupportedError' });
      return;
    }
    md.getUserMedia(constraints).then(
      (s) => {
        if (gone) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        onResult({ granted: true, constraints, tracks: s.getTracks() });
        setState({ phase: 'ready', stream: s });
      },
      (e: unknown) => {
        const name = e instanceof Error ? e.name : 'Error';
        onResult({ granted: false, constraints, error: e });
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
