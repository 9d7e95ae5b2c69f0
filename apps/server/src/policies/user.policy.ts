import type { Actor } from './actor.ts';

/** A user's profile and reports: the user alone (staff screens have their own routes). */
export const userPolicy = {
  change: (actor: Pick<Actor, 'id'>, userId: number) => actor.id === userId,
  readReports: (actor: Pick<Actor, 'id'>, userId: number) => actor.id === userId,
  notFound: 'User not found.',
  reportNotFound: 'Report not found.',
};
