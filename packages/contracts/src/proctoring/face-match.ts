import { z } from 'zod';
import { Base64Image } from './proctoring-fields.ts';

export const FACIAL_EMOTIONS = ['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;
export const FacialEmotion = z.enum(FACIAL_EMOTIONS);
export const FacialEmotionScores = z.object(
  Object.fromEntries(FACIAL_EMOTIONS.map((e) => [e, z.number()])) as Record<
    (typeof FACIAL_EMOTIONS)[number],
    z.ZodNumber
  >,
);

export const ImageAnalysisSummary = z.object({
  face_detected: z.boolean(),
  face_count: z.number().int(),
  object_detected: z.boolean(),
  objects_count: z.number().int(),
  object_names: z.array(z.string()),
  analysis: z.object({
    expressions: z.object({
      all_emotions: FacialEmotionScores,
      dominant_emotion: z.union([FacialEmotion, z.literal('unknown')]),
      confidence: z.number(),
    }),
  }),
});

const Authenticity = z.object({
  real: z.number().nullable(),
  live: z.number().nullable(),
  authentic: z.boolean().nullable(),
});

/** POST /api/facial-analysis/face-match */
export const FaceMatchRequest = z.object({ primaryImage: Base64Image, currentImage: Base64Image });
export type FaceMatchRequest = z.infer<typeof FaceMatchRequest>;
export const FaceMatchResponse = z.object({
  success: z.boolean(),
  face_match: z.boolean(),
  /** cosine similarity of the face embeddings, as a percentage 0-100 */
  similarity_score: z.number(),
  /** the percentage at or above which faces match */
  threshold: z.number(),
  primary_image_analysis: ImageAnalysisSummary,
  current_image_analysis: ImageAnalysisSummary,
  /** 'No face detected in primary/current image', 'Multiple faces detected in primary/current image' */
  error_message: z.string().nullable(),
  step: z.enum(['primary_analysis', 'current_analysis', 'face_comparison']),
  authenticity_summary: z.object({
    primary: Authenticity,
    current: Authenticity,
    is_authentic: z.boolean().nullable(),
    note: z.string(),
  }),
});
export type FaceMatchResponse = z.infer<typeof FaceMatchResponse>;
