import { isOwner, isStaff, type Actor, type Owned } from './actor.ts';

/** An attempt (user-exam): taken and changed only by its candidate, read also by staff. */
export const attemptPolicy = {
  /** Open, start, resume, save, retest, submit, adaptive next: the candidate alone. */
  take: (userId: number, attempt: Owned) => isOwner(userId, attempt),
  /** Its monitoring settings: the candidate, or staff. */
  read: (actor: Actor, attempt: Owned) => isOwner(actor.id, attempt) || isStaff(actor),
  notFound: 'Test not found.',
};
