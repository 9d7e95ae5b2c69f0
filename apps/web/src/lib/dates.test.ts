import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates.ts';

describe('formatDateTime (day, short month, year, 12-hour time)', () => {
  it('puts the day first whatever the locale, with AM and PM', () => {
    expect(formatDateTime(new Date(2026, 10, 2, 9, 5))).toBe('02 Nov 2026, 09:05 AM');
    expect(formatDateTime(new Date(2026, 0, 21, 0, 30))).toBe('21 Jan 2026, 12:30 AM');
    expect(formatDateTime(new Date(2026, 11, 31, 12, 0))).toBe('31 Dec 2026, 12:00 PM');
    expect(formatDateTime(new Date(2026, 5, 15, 23, 59).toISOString())).toBe('15 Jun 2026, 11:59 PM');
  });

  it('shows N.A. without a date', () => {
    expect(formatDateTime(null)).toBe('N.A.');
    expect(formatDateTime('')).toBe('N.A.');
    expect(formatDateTime('not a date')).toBe('N.A.');
  });
});
