import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { Base64Image, Expression } from './proctoring-fields.ts';

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
