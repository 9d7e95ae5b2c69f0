import { useEffect, useRef, useState } from 'react';
import { apiUpload } from '../../lib/api-client.ts';
import { sendDeviceLog } from '../../lib/device-log.ts';
import { recordOpus, sampleFileName } from '../../lib/opus-recorder.ts';

/** How long the candidate's voice is recorded alone at setup (the server needs 4 s of speech). */
const VOICE_SAMPLE_MS = 10_000;

export type VoiceSampleState = 'idle' | 'recording' | 'sent';

/**
 * The candidate's voice alone at device setup, sent as a 'baseline' speaker sample: the server
 * analyses it and, when it finds one voice with enough speech, keeps its overlap score as the
 * baseline the first periodic sample is judged against (ADR 0101). Recording starts with the
 * microphone test and stops after VOICE_SAMPLE_MS or when the setup closes, whichever is first; it
 * never blocks the setup, and a failure only means the first sample is judged without a baseline.
 */
export function useVoiceSample(examId: number, stream: MediaStream | null, start: boolean): VoiceSampleState {
  const [state, setState] = useState<VoiceSampleState>('idle');
  const started = useRef(false);
  useEffect(() => {
    if (!start || !stream || started.current) return;
    started.current = true;
    const fail = (why: string) =>
      sendDeviceLog(examId, 'audio', { event: 'voice_sample_failed', status: 'failure', detail: why });
    const rec = recordOpus(stream, VOICE_SAMPLE_MS, fail);
    if (!rec) return;
    setState('recording');
    let mounted = true;
    void rec.done.then(async (sample) => {
      if (mounted) setState('sent');
      if (!sample) return;
      const form = new FormData();
      form.append('userexamid', String(examId));
      form.append('purpose', 'baseline');
      form.append('audiofile', sample, sampleFileName(sample, 'voice-sample'));
      try {
        await apiUpload('/api/test/getaudio', form);
      } catch (e) {
        fail(e instanceof Error ? e.message : String(e));
      }
    });
    return () => {
      mounted = false;
      rec.stop();
    };
  }, [examId, stream, start]);
  return state;
}
