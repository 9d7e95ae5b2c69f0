import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

const INVALID_CHARACTERS = 'Invalid characters in request.';

/** True when a string, or any key or string inside an array or object, holds a NUL character. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * A NUL character is never valid input (PostgreSQL text cannot hold it, so it used to answer
 * 500): every route refuses it in the path, query or JSON body with 400 before validation.
 * Multipart bodies are read by their handlers, which keep only safe file names.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw badRequest(INVALID_CHARACTERS);
  });
}
