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

/**
 * The 422 reply of savePrimaryImage when the picture is not exactly one face without objects:
 * nothing is stored as primary. outcome N: no face, M: multiple faces, O: objects.
 */
export const SavePrimaryImageRejected = z.object({
  statusCode: z.literal(422),
  error: z.string(),
  message: z.string(),
  outcome: z.enum(['N', 'M', 'O']),
});
export type SavePrimaryImageRejected = z.infer<typeof SavePrimaryImageRejected>;

/** The 422 messages (spec section 8 shared strings). */
export const PRIMARY_IMAGE_MESSAGES = {
  N: 'Your face is not visible, please come closer to the camera.',
  M: 'Multiple faces are getting detected, click again to proceed further.',
  O: 'Objects detected in the background. Please clear the area or move to a clean space before starting the test.',
} as const;

/** startExam/resumeExam's 409 message on a monitored attempt without a passed primary picture. */
export const CAMERA_SETUP_REQUIRED = 'Complete the camera setup before starting this test.';
