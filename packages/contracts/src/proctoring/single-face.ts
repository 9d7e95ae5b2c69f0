import { z } from 'zod';
import { Base64Image } from './proctoring-fields.ts';

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
