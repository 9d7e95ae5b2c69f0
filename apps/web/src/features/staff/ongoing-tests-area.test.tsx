import type { OngoingRow } from '@invigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';

const row: OngoingRow = {
  username: 'candidate@example.com',
  userExamId: 71,
  browser: 'Chrome',
  device: 'desktop',
  testId: 9,
  testName: 'All Question Types Demo',
  totalQuestion: 8,
  answeredQuestionsCount: 2,
  timeRemaining: 600,
  updatedAt: '2026-11-29T09:00:00.000Z',
  activeTest: true,
};
vi.mock('./api/staff.ts', () => ({ useActiveUsers: () => ({ rows: [row], live: true, failed: false }) }));
const { default: OngoingTestsArea } = await import('./ongoing-tests-area.tsx');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Ongoing Tests', () => {
  it("counts Time Remaining down from the server's figure, whatever this machine's clock does", async () => {
    render(<OngoingTestsArea />);
    expect(screen.getByRole('cell', { name: '0:10:00' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByRole('cell', { name: '0:09:57' })).toBeTruthy();
    // the machine's clock is set an hour on (and later back): the server's countdown is not
    vi.setSystemTime(Date.now() + 3600_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByRole('cell', { name: '0:09:55' })).toBeTruthy();
    vi.setSystemTime(Date.now() - 7200_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('cell', { name: '0:09:54' })).toBeTruthy();
  });
});
