import type { PendingResultRow } from '@invigil/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import PendingResultsArea from './pending-results-area.tsx';
import './staff-texts.ts';

const row = (id: number, queued: boolean): PendingResultRow => ({
  username: 'dev.ops@example.com',
  userexam_id: id,
  user_id: 7,
  examinstance_id: 88,
  group_name: 'Operations Demo',
  assessment_name: 'Operations Demo Test',
  status: '999',
  result_status: 'Failed',
  result_error: 'lost',
  queued,
});

/**
 * The server as the walk found it (ADR 0223): 'Add into Queue' marks the listed results queued;
 * their jobs run seconds later, and only then do they leave the lists.
 */
function server() {
  let state: 'pending' | 'queued' | 'done' = 'pending';
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/api/result/addintoqueue')) {
        state = 'queued';
        setTimeout(() => (state = 'done'), 300);
        return new Response(JSON.stringify({ status: 'SUCCESS', closed: 0, queued: 2 }));
      }
      const rows = state === 'done' ? [] : [row(98, state === 'queued'), row(99, state === 'queued')];
      return new Response(
        JSON.stringify({
          data: {
            reGenerateListPendingAnswersInsertion: [],
            reGenerateListPendingStatusUpdate: [],
            reGenerateListReadyToRegenerate: rows,
          },
        }),
      );
    }),
  );
  return calls;
}

describe('Pending Results', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has one Add into Queue for the three lists, outside the tab panel', async () => {
    server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PendingResultsArea />
      </QueryClientProvider>,
    );
    await screen.findByText('Total: 0');
    const buttons = screen.getAllByRole('button', { name: 'Add into Queue' });
    expect(buttons).toHaveLength(1);
    expect(screen.getByRole('tabpanel').contains(buttons[0]!)).toBe(false);
  });

  it('reads the lists again after queueing until the queued results have left', async () => {
    const calls = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PendingResultsArea />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Regenerate Result' }));
    await screen.findByText('Total: 2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add into Queue' }));
    });
    await screen.findByRole('dialog', { name: 'System Warning' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    // Without anything pressed, the processed results leave the list.
    await vi.waitFor(() => expect(screen.getByText('Total: 0')).toBeTruthy(), { timeout: 6000 });
    expect(screen.getByText('No User Found')).toBeTruthy();
    const reads = calls.filter((u) => u.endsWith('/api/test/regeneratelisting')).length;
    // Then it stops asking: nothing is queued any more.
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls.filter((u) => u.endsWith('/api/test/regeneratelisting')).length).toBe(reads);
  }, 15_000);

  it('says the queueing failed instead of leaving the System Warning up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/api/result/addintoqueue')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Response(
              JSON.stringify({
                data: {
                  reGenerateListPendingAnswersInsertion: [],
                  reGenerateListPendingStatusUpdate: [],
                  reGenerateListReadyToRegenerate: [row(98, false)],
                },
              }),
            ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PendingResultsArea />
      </QueryClientProvider>,
    );
    await screen.findByText('Total: 0');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add into Queue' }));
    });
    expect((await screen.findByTestId('add-failed')).textContent).toBe('Something went wrong !!');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'System Warning' })).toBeNull());
  });
});
