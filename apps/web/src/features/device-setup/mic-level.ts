/** Microphone test constants (spec §9). */
export const MIC = { fftSize: 256, thresholdPercent: 30, timeoutMs: 5000, sampleRate: 44100, gain: 1.2 } as const;

export type MicPhase = 'idle' | 'testing' | 'success' | 'failed';

export type MicEvent =
  | { type: 'start' }
  /** A level reading in percent (0–100). */
  | { type: 'level'; percent: number }
  | { type: 'timeout' }
  | { type: 'reset' };

/**
 * The microphone test: idle → testing on start; testing → success as soon as a level above 30 %
 * is heard, → failed ('No sound detected') when 5 seconds pass without one. Only a running test
 * reacts to levels and the timeout; start retries from failed.
 */
export function micReducer(phase: MicPhase, event: MicEvent): MicPhase {
  switch (event.type) {
    case 'start':
      return phase === 'testing' ? phase : 'testing';
    case 'level':
      return phase === 'testing' && event.percent > MIC.thresholdPercent ? 'success' : phase;
    case 'timeout':
      return phase === 'testing' ? 'failed' : phase;
    case 'reset':
      return 'idle';
  }
}

/** Peak amplitude of byte time-domain samples (128 is silence), in percent. */
export function levelPercent(samples: Uint8Array): number {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v - 128));
  return Math.min(100, (peak / 128) * 100);
}
