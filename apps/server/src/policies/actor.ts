import { ROLES } from '@invigil/contracts';
import { notFound } from '../lib/http-errors.ts';

/** Who is asking: the signed-in user (request.user). */
export interface Actor {
  id: number;
  role: string;
}

/** Anything that belongs to one user. */
export interface Owned {
  userId: number;
}

/** Staff, the one definition: support and super administrators (spec: they look up any user's tests). */
const STAFF_ROLES: readonly string[] = [ROLES.support, ROLES.superAdmin];

export const isStaff = (actor: Actor): boolean => STAFF_ROLES.includes(actor.role);

export const isOwner = (userId: number, resource: Owned): boolean => resource.userId === userId;

/**
 * The one rule for "not yours" (ADR 0050): a resource the caller may not use answers exactly as
 * a missing one, 404 with the resource's not-found message, so its existence is not revealed.
 * 403 is kept for a role that may never do the action (route `config.roles`).
 */
export function permitted<T>(resource: T | null | undefined, allowed: (r: T) => boolean, notFoundMessage: string): T {
  if (resource === null || resource === undefined || !allowed(resource)) throw notFound(notFoundMessage);
  return resource;
}
