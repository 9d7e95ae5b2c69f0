import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { Base64Image, Expression } from './proctoring-fields.ts';

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
