import type { RosterReport } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import { ROSTER_ROWS_SHOWN, RosterApplied } from './roster-applied.tsx';

const report = (n: number): RosterReport => ({
  applied: true,
  rows: n,
  created: n,
  updated: 0,
  rejected: [],
  fileError: null,
  organisations: [],
  groups: [],
  links: Array.from({ length: n }, (_, i) => ({
    email: `bulk${i}@example.org`,
    name: `First${i} Last${i}`,
    link: `http://localhost/v2/user/login?invite=token${i}`,
    expiresAt: '2026-12-02T04:30:00.000Z',
  })),
});

describe('a roster report', () => {
  // Staff walk 2 (ADR 0223): 10,000 rows drew 10,000 table rows and froze the page for 20 s.
  it('draws the first links of a large roster and says the download has them all', () => {
    render(<RosterApplied report={report(10_000)} />);
    expect(screen.getAllByTestId('invite-link')).toHaveLength(ROSTER_ROWS_SHOWN);
    expect(screen.getByTestId('links-cut').textContent).toBe(
      'The first 200 of 10000 links are shown; Download links (CSV) has them all.',
    );
    expect(screen.getByRole('button', { name: 'Download links (CSV)' })).toBeTruthy();
  });

  it('draws every link of a small roster without a note', () => {
    render(<RosterApplied report={report(3)} />);
    expect(screen.getAllByTestId('invite-link')).toHaveLength(3);
    expect(screen.queryByTestId('links-cut')).toBeNull();
  });
});
