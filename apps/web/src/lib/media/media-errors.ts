/** Why getUserMedia failed (spec §8: access denied, no device, other). */
export type MediaFailure = 'denied' | 'noDevice' | 'other';

export function mediaFailureOf(name: string): MediaFailure {
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError', 'NotSupportedError'].includes(name))
    return 'denied';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'noDevice';
  return 'other';
}

export const errorName = (e: unknown) => (e instanceof Error ? e.name : 'Error');

/** iPhone and iPad (iPadOS reports itself as a Mac with touch): the spec's iOS wording and Safari advice. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}
