import { z } from 'zod';

/**
 * POST /api/test/getaudio: multipart `audiofile` (WAV, webm/opus, ogg, mp4/aac, mp3), `userexamid`
 * and optional `purpose`: 'check' (default, a periodic sample) or 'baseline' (the candidate alone at
 * device setup: never counted, kept as the baseline of later samples when the server finds it usable),
 * and optional `checkId` (the page's name for the sample, the same when it is sent again: ADR 0237)
 */
export const SPEAKER_PURPOSES = ['check', 'baseline'] as const;
export type SpeakerPurpose = (typeof SPEAKER_PURPOSES)[number];
export const isSpeakerPurpose = (v: string): v is SpeakerPurpose => (SPEAKER_PURPOSES as readonly string[]).includes(v);

export const GetAudioResponse = z.object({
  speakers: z.number().int(),
  speech_seconds: z.number(),
  duration_seconds: z.number(),
  /** this attempt's audio warnings so far (2+ speakers counts one) */
  warnings: z.number().int(),
  /** true when this sample stopped the attempt (audio_action 'S', status 111) */
  stopped: z.boolean(),
  reason: z.literal('speakers').nullable(),
  /** a 'baseline' sample the server kept as the candidate's baseline (always false for 'check') */
  baseline: z.boolean(),
});
export type GetAudioResponse = z.infer<typeof GetAudioResponse>;
export const AUDIO_SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
