/** Day, short month, year with a 12-hour time, in the user's locale (e.g. 22 Nov 2026, 9:30 am). */
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return 'N.A.';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'N.A.';
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(d);
}
