/** An input problem the caller can fix: maps to a 4xx answer, never a 500. */
export class AnalysisInputError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(code: string, message: string, statusCode = 400) {
    super(message);
    this.name = 'AnalysisInputError';
    this.code = code;
    this.statusCode = statusCode;
  }
}

/** The analysis capacity is exhausted: answer 503 with Retry-After. */
export class AnalysisBusyError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Analysis is busy, please retry shortly');
    this.name = 'AnalysisBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A job ran past its deadline (the worker is restarted). */
export class AnalysisTimeoutError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 5;
  constructor(ms: number) {
    super(`Analysis did not finish within ${ms} ms`);
    this.name = 'AnalysisTimeoutError';
  }
}
