import { z } from 'zod';

/** The shape of every error reply. */
export const ErrorResponse = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
