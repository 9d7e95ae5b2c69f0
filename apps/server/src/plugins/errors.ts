import { MESSAGES } from '@invigil/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import { HttpError } from '../lib/http-errors.ts';

/** The spec's own texts, in the order the spec joins them ('Invalid Email Address, Invalid Mobile Number'). */
const SPEC_TEXTS: readonly string[] = Object.values(MESSAGES);

interface Problem {
  message?: string;
  instancePath?: string;
  keyword?: string;
  params?: { errors?: unknown };
}
interface ZodIssueLike {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  errors?: unknown;
}

/**
 * A value that matches none of a union's forms (the two forms of answeredQuestions, an id given
 * as a number or a string) reports only "Invalid input". The problem reported is then the first
 * one of the form that came closest (fewest problems), at its full path, so the message names
 * the field that is missing or wrong.
 */
function closestUnionProblem(problem: Problem): Problem {
  const branches = problem.keyword === 'invalid_union' ? problem.params?.errors : undefined;
  if (!Array.isArray(branches)) return problem;
  const closest = (branches as ZodIssueLike[][])
    .filter((b) => Array.isArray(b) && b.length > 0)
    .sort((a, b) => a.length - b.length)[0]?.[0];
  if (!closest) return problem;
  const path = (closest.path ?? []).map(String);
  return closestUnionProblem({
    message: closest.message,
    instancePath: [problem.instancePath ?? '', ...path].join('/').replace(/^\/*/, '/'),
    keyword: closest.code,
    params: { errors: closest.errors },
  });
}

/**
 * A 400's message: the spec's text itself when the broken rule has one (all of them, joined with
 * ', ' as the profile form joins them), else the first problem with the field it is about.
 */
function validationMessage(error: FastifyError): string {
  const issues = ((error.validation ?? []) as Problem[]).map(closestUnionProblem);
  const spec = [...new Set(issues.map((i) => i.message ?? ''))].filter((m) => SPEC_TEXTS.includes(m));
  if (spec.length) return spec.sort((a, b) => SPEC_TEXTS.indexOf(a) - SPEC_TEXTS.indexOf(b)).join(', ');
  const first = issues[0];
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
  422: 'Unprocessable Entity',
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
      // A store or service that is down: the client gets 503, the operator the cause.
      if (error.statusCode === 503 && error.cause) request.log.warn({ err: error.cause }, error.message);
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
