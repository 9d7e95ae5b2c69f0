import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

const REDACTED = '[redacted]';

/**
 * A URL as the request log shows it: the path kept, every query value replaced. Query strings
 * carry secrets (an auto-login link's sig) and personal data (names, e-mail addresses, phone
 * numbers); which parameter holds what is not known here, so no value is logged.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1);
  if (!query) return url;
  const names = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** Fastify's own request serializer, with the URL's query values redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The pino options of the app: the configured level, credentials redacted from headers, query
 * values redacted from URLs. `override` (tests: a destination stream, a level) is merged in; the
 * redaction always stays.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>, override?: boolean | object): false | object {
  if (override === false) return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(typeof override === 'object' ? override : {}),
    serializers: { req: serializeRequest },
  };
}
