import { z } from 'zod';

/** The shape of every error reply. */
export const ErrorResponse = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The documented body of every 4xx and 503 reply: `{ statusCode, error, message }`, and some
 * replies add fields (retryAfter on a busy 503, examStatus on a 409, code on an analysis 400),
 * so further fields are allowed: the reply serializer must never turn an error into a 500.
 */
export const ErrorReply = ErrorResponse.loose();
