import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../components/test-render.tsx';
import { setCookie } from '../../lib/cookies.ts';

const resend = vi.hoisted(() => vi.fn());
vi.mock('./api/resend-submissions.ts', () => ({ resendQueuedSubmissions: resend }));
const resumeRecordings = vi.hoisted(() => vi.fn());
vi.mock('../../lib/recording-uploads/resume-on-load.ts', () => ({ resumePendingOnLoad: resumeRecordings }));
const { DashboardBoot } = await import('./dashboard-boot.tsx');

let reads = 0;
/** The lists as the server has them: the first read is slower than the re-sent submission. */
const read = async () => {
  const n = ++reads;
  await new Promise((r) => setTimeout(r, n === 1 ? 200 : 0));
  return n;
};
function Lists() {
  const q = useQuery({ queryKey: ['dashboard', 'lists'], queryFn: read, staleTime: Infinity });
  return <p>read {q.data ?? 0}</p>;
}

describe('dashboard load', () => {
  it('reads the lists again once a queued submission went through', async () => {
    setCookie('token', 'abc');
    resend.mockResolvedValue(1);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DashboardBoot>
          <Lists />
        </DashboardBoot>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('read 2')).toBeTruthy());
    expect(resend).toHaveBeenCalledTimes(1);
    // recordings an earlier page left are sent on too (ADR 0195)
    expect(resumeRecordings).toHaveBeenCalledTimes(1);
  });
});
