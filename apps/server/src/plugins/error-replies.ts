import { ErrorReply } from '@invigil/contracts';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';

/** What each error status means on this API (the OpenAPI response descriptions). */
const MEANING: Record<number, string> = {
  400: 'Invalid input: a field fails its schema, an id is outside 1..2147483647, or a string holds a NUL character',
  401: 'No valid session (sign in again)',
  403: 'Your role may not call this',
  404: 'Not found, or not yours (both answer the same)',
  409: 'The attempt, result or report is not in a state that allows this',
  413: 'The body or file is too large',
  415: 'The content type is not accepted',
  422: 'The request is well-formed but cannot be processed',
  423: 'The account is locked after repeated wrong passwords',
  429: 'Too many requests: wait and retry',
  503: 'A shared resource (code runner, analysis pool) is busy: retry after Retry-After',
};

/** Statuses a route can answer besides its own (ADR-free rule, issue 11 item 13). */
function errorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): number[] {
  const methods = [route.method].flat();
  const config = route.config as { public?: boolean; rateLimit?: unknown } | undefined;
  const statuses = [400, 404, 409, 429, 503];
  if (!config?.public) statuses.push(401, 403);
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) statuses.push(413, 415, 422);
  if (route.url === '/api/dashboard/updatePassword') statuses.push(423);
  return statuses.sort((a, b) => a - b);
}

/**
 * An onRoute hook: every /api route documents its error replies with the ErrorReply shape. A
 * status the route already describes (the sign-in replies) is left as it is.
 */
export function addErrorReplies(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
  const schema = (route.schema ??= {});
  if (schema.hide) return;
  const own = (schema.response ?? {}) as Record<string, unknown>;
  const added = errorStatuses(route)
    .filter((s) => !(String(s) in own))
    .map((s) => [s, ErrorReply.describe(MEANING[s] ?? 'Error')]);
  schema.response = { ...Object.fromEntries(added), ...own };
}

/**
 * Swagger adds "200 Default Response" only to a route without response schemas; a file route
 * (PDF, bytes, answer files) has error replies now, so its 200 is added to the document here,
 * never to the route (a 200 schema would change how Fastify serializes its reply).
 */
export function withDefaultReply<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const out = transform(input);
    const response = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (response && !Object.keys(response).some((s) => s.startsWith('2')))
      response['200'] = { description: 'Default Response' };
    return out;
  };
}
