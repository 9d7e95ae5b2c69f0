import staff from '../../i18n/staff.ts';
import { addTexts } from '../../i18n/translate.ts';

// The staff namespace is registered by the staff chunk itself (candidates never load it).
addTexts('staff', staff);

/** Seconds as h:mm:ss (the Time Remaining column). */
export function hms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
