const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Day, short month, year with a 12-hour time (spec section 9), in that order whatever the
 * browser's locale (an en-US browser would otherwise put the month first): 22 Nov 2026, 09:30 AM.
 * Shown in the browser's time zone; 'N.A.' when there is no date.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N.A.';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'N.A.';
  const h = d.getHours();
  const time = `${two(h % 12 === 0 ? 12 : h % 12)}:${two(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  return `${two(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${time}`;
}
