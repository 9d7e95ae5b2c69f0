import { isOwner, isStaff, type Actor, type Owned } from './actor.ts';

/**
 * Files of an attempt: answer files and proctoring pictures and audio. Stored only by the
 * attempt's candidate; read by the candidate or staff.
 */
export const mediaPolicy = {
  store: (userId: number, attempt: Owned) => isOwner(userId, attempt),
  read: (actor: Actor, attempt: Owned) => isOwner(actor.id, attempt) || isStaff(actor),
  fileNotFound: 'File not found.',
};
