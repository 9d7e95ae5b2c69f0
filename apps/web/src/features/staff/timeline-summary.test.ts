import type { TimelineEvent } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates.ts';
import { fixedT } from '../../i18n/translate.ts';
import './staff-texts.ts';
import { summary } from './timeline-summary.ts';

const event = (kind: string, data: Record<string, unknown>): TimelineEvent => ({
  id: 1,
  at: '2026-11-29T07:03:29Z',
  kind,
  actor: null,
  data,
});

describe('the attempt timeline in words (proctoring walk 2)', () => {
  it('names a silence of the photo check: when it began and how long it lasted', () => {
    const since = '2026-11-29T06:57:00Z';
    expect(fixedT('staff')('timeline.kind.proctoring_gap')).toBe('No pictures received');
    expect(summary(event('proctoring.gap', { seconds: 341, since }))).toBe(
      `since ${formatDateTime(since)}, seconds without a picture 341`,
    );
  });
});
