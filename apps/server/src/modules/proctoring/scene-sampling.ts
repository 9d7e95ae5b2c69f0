import { randomInt } from 'node:crypto';

/**
 * Which periodic photo checks get the scene pass (objects, and the closer look for small faces
 * behind the candidate): ADR 0102. Every check analyses the faces and the identity; the scene pass
 * costs about twice that, so a node serves its goal of 250 candidates only if it runs on part of
 * the checks. It always runs on the first check of an attempt and on every check once the attempt
 * has a photo warning, and otherwise on a server-side random draw the browser cannot predict.
 */
export const SCENE_RATE = 1 / 4;

export function sceneCheck(
  history: { firstCheck: boolean; photoWarnings: number },
  draw = randomInt(0, 1_000_000) / 1_000_000,
): boolean {
  return history.firstCheck || history.photoWarnings > 0 || draw < SCENE_RATE;
}
