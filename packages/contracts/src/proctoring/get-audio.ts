import { z } from 'zod';

/** POST /api/test/getaudio: multipart `audiofile` (WAV, webm/opus, ogg, mp4/aac, mp3) and `userexamid` */
export const GetAudioResponse = z.object({
  speakers: z.number().int(),
  speech_seconds: z.number(),
  duration_seconds: z.number(),
  /** this attempt's audio warnings so far (2+ speakers counts one) */
  warnings: z.number().int(),
  /** true when this sample stopped the attempt (audio_action 'S', status 111) */
  stopped: z.boolean(),
  reason: z.literal('speakers').nullable(),
});
export type GetAudioResponse = z.infer<typeof GetAudioResponse>;
export const AUDIO_SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
