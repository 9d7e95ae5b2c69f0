import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/test/sendPrimaryImage */
export const SendPrimaryImageRequest = z.object({ userid: z.unknown().optional(), userexamid: Id });
export const SendPrimaryImageResponse = z.object({ primaryImage: z.object({ imagepath: z.string().nullable() }) });
export type SendPrimaryImageResponse = z.infer<typeof SendPrimaryImageResponse>;
