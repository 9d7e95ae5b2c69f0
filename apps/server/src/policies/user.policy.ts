import { ROLES } from '@invigil/contracts';
import type { Actor } from './actor.ts';

/** A user's profile and reports: the user alone (staff screens have their own routes). */
export const userPolicy = {
  change: (actor: Pick<Actor, 'id'>, userId: number) => actor.id === userId,
  readReports: (actor: Pick<Actor, 'id'>, userId: number) => actor.id === userId,
  /**
   * The roles whose sign-in lock the actor may clear, null for any: support clears candidates'
   * only, so support cannot lift the lock that guards a staff account against password guessing
   * (attack walk 4, ADR 0227). The super administrator may clear anyone's.
   */
  unlockable: (actor: Pick<Actor, 'role'>): string[] | null =>
    actor.role === ROLES.superAdmin ? null : [ROLES.candidate],
  notFound: 'User not found.',
  reportNotFound: 'Report not found.',
};
