import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import { HttpError } from '../lib/http-errors.ts';

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0] as { message?: string; instancePath?: string } | undefined;
  if (!first) return error.message;
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  return where ? `${where}: ${first.message}` : (first.message ?? 'Invalid request');
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  423: 'Locked',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The database is restarting or its pool is full: the client retries (its save queue keeps the answers). */
const DB_UNAVAILABLE = 'The service is busy. Please try again in a moment.';
const DB_RETRY_AFTER_SECONDS = 2;

/**
 * Every error reply is `{ statusCode, error, message }`; a 500 never carries details. An
 * HttpError with retryAfterSeconds (a busy code runner or analysis pool) also gets Retry-After.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: REASONS[error.statusCode] ?? 'Error',
        message: error.message,
        ...error.body,
      });
    }
    if (error.validation) {
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: validationMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DB_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: DB_UNAVAILABLE });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong, Please try again later...',
      });
    }
    return reply.status(status).send({ statusCode: status, error: REASONS[status] ?? 'Error', message: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
