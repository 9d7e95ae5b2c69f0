import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { Base64Image } from './proctoring-fields.ts';

/** POST /api/test/savePrimaryImage */
export const SavePrimaryImageRequest = z.object({
  userid: z.unknown().optional(),
  userexamid: Id,
  instanceid: z.unknown().optional(),
  imagePath: Base64Image.min(1, 'imagePath is required'),
});
export type SavePrimaryImageRequest = z.infer<typeof SavePrimaryImageRequest>;
