import admin from '../../i18n/admin.ts';
import { addTexts } from '../../i18n/translate.ts';

// The admin namespace is registered by the admin chunk itself (candidates never load it).
addTexts('admin', admin);

/** A <input type="datetime-local"> value for a date, in the browser's time zone. */
export function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
