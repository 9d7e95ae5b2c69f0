import { z } from 'zod';

/**
 * Proctoring calls (spec section 7): facial analysis, proctoring images, monitoring settings
 * and the speaker check. Ids arrive as numbers or numeric strings (the spec's client sends both);
 * `userid` in a body is ignored: the server uses the signed-in user.
 */
const Id = z.coerce.number().int().positive();
/** base64 JPEG without a prefix (a data: URL prefix is tolerated) */
const Base64Image = z.string().max(16_000_000);

export const FACIAL_EMOTIONS = ['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;
export const FacialEmotion = z.enum(FACIAL_EMOTIONS);
export const FacialEmotionScores = z.object(
  Object.fromEntries(FACIAL_EMOTIONS.map((e) => [e, z.number()])) as Record<
    (typeof FACIAL_EMOTIONS)[number],
    z.ZodNumber
  >,
);

/** POST /api/facial-analysis/single-face */
export const SingleFaceRequest = z.object({ primaryImage: Base64Image });
export type SingleFaceRequest = z.infer<typeof SingleFaceRequest>;
export const SingleFaceResponse = z.object({
  face_detected: z.boolean(),
  multiple_faces: z.boolean(),
  face_count: z.number().int(),
  object_detected: z.boolean(),
  object_names: z.array(z.string()),
});
export type SingleFaceResponse = z.infer<typeof SingleFaceResponse>;

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

/** POST /api/test/getaudio: multipart `audiofile` (WAV, webm/opus, ogg, mp4/aac, mp3) and `userexamid` */
export const GetAudioResponse = z.object({
  speakers: z.number().int(),
  speech_seconds: z.number(),
  duration_seconds: z.number(),
});
export type GetAudioResponse = z.infer<typeof GetAudioResponse>;
export const AUDIO_SAMPLE_MAX_BYTES = 10 * 1024 * 1024;

const Expression = z.string().max(40).optional().default('');

/** POST /api/test/savePrimaryImage */
export const SavePrimaryImageRequest = z.object({
  userid: z.unknown().optional(),
  userexamid: Id,
  instanceid: z.unknown().optional(),
  imagePath: Base64Image.min(1, 'imagePath is required'),
});
export type SavePrimaryImageRequest = z.infer<typeof SavePrimaryImageRequest>;
export const ProctoringMsgResponse = z.object({ msg: z.string() });
export type ProctoringMsgResponse = z.infer<typeof ProctoringMsgResponse>;

/** POST /api/test/sendPrimaryImage */
export const SendPrimaryImageRequest = z.object({ userid: z.unknown().optional(), userexamid: Id });
export const SendPrimaryImageResponse = z.object({ primaryImage: z.object({ imagepath: z.string().nullable() }) });
export type SendPrimaryImageResponse = z.infer<typeof SendPrimaryImageResponse>;

/** POST /api/test/getMonitoringData */
export const GetMonitoringDataRequest = z.object({ userexamid: Id, instanceid: z.unknown().optional() });
export const MonitoringSettings = z.object({
  photo_timer: z.number().int(),
  photo_matching: z.boolean(),
  /** 'S' stops the exam on a violation, 'C' continues with a warning */
  photo_action: z.enum(['S', 'C']),
  speaker_dialect: z.boolean(),
  audio_action: z.enum(['S', 'C']),
  monitoring: z.boolean(),
});
export type MonitoringSettings = z.infer<typeof MonitoringSettings>;
export const GetMonitoringDataResponse = z.object({ result: MonitoringSettings });
export const MONITORING_DEFAULTS: MonitoringSettings = {
  photo_timer: 120,
  photo_matching: false,
  photo_action: 'C',
  speaker_dialect: false,
  audio_action: 'C',
  monitoring: false,
};

/** POST /api/test/saveImage (a passing periodic check) */
export const SaveImageRequest = z.object({
  userid: z.unknown().optional(),
  userexamid: Id,
  instanceid: z.unknown().optional(),
  imagePath: Base64Image.min(1, 'imagePath is required'),
  expression1: Expression,
  expression2: Expression,
  photo_tag: z.string().max(40).optional().default('regular'),
});
export type SaveImageRequest = z.infer<typeof SaveImageRequest>;

/** POST /api/test/saveErrorImage: error N (no face), M (multiple faces), O (objects) */
export const SaveErrorImageRequest = z.object({
  userid: z.unknown().optional(),
  userexamid: Id,
  facecount: z.coerce.number().int().min(0).max(100).optional().default(0),
  error: z.enum(['N', 'M', 'O']),
  imagePath: Base64Image.min(1, 'imagePath is required'),
  expression1: Expression,
  expression2: Expression,
  photo_tag: z.string().max(40).optional().default(''),
  objects_detected: z.union([z.string().max(500), z.array(z.string().max(60)).max(20)]).optional(),
  objects_count: z.coerce.number().int().min(0).max(100).optional(),
});
export type SaveErrorImageRequest = z.infer<typeof SaveErrorImageRequest>;
