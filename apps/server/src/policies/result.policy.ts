import { isOwner, isStaff, type Actor, type Owned } from './actor.ts';

/** The result of an attempt: its status is the candidate's; staff may also have it scored again. */
export const resultPolicy = {
  read: (userId: number, attempt: Owned) => isOwner(userId, attempt),
  regenerate: (actor: Actor, attempt: Owned) => isOwner(actor.id, attempt) || isStaff(actor),
  notFound: 'Test not found.',
};
