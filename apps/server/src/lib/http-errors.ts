/** An error whose status and message are safe to show to the caller. */
export class HttpError extends Error {
  /** Set: the error plugin answers with a Retry-After header of this many seconds. */
  readonly retryAfterSeconds?: number;

  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly body?: Record<string, unknown>,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);

/** 503 for a busy resource: the body says when to retry (retryAfter) and so does the header. */
export const busy = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, { retryAfter: retryAfterSeconds }, { retryAfterSeconds });

/** 429 for one caller over a limit: the body and the Retry-After header say when to retry. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfter: retryAfterSeconds }, { retryAfterSeconds });
