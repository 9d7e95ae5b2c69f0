import { describe, expect, it } from 'vitest';
import { fixedT } from '../../i18n/translate.ts';
import { hms } from './staff-texts.ts';

describe('staff screens', () => {
  it('shows Time Remaining as h:mm:ss, never negative', () => {
    expect(hms(0)).toBe('0:00:00');
    expect(hms(59.9)).toBe('0:00:59');
    expect(hms(3600 + 5 * 60 + 7)).toBe('1:05:07');
    expect(hms(8 * 3600)).toBe('8:00:00');
    expect(hms(-3)).toBe('0:00:00');
  });

  it("registers the staff texts with the spec's wording when the staff chunk loads", () => {
    const t = fixedT('staff');
    expect(t('search.empty')).toBe('No data available in this table.');
    expect(t('pending.warning')).toBe("Your request is being processed. It'll take a while.");
    expect(t('regen.already')).toBe('ALREADY IN QUEUE');
    expect(t('timeline.kind.score_run')).toBe('Result job run');
    expect(t('lock.locked', { time: '24 Nov 2026, 05:52 PM' })).toBe(
      'This account is locked until 24 Nov 2026, 05:52 PM.',
    );
    expect(t('timeline.kind.staff_unlock')).toBe('Staff unlocked the account');
  });
});
