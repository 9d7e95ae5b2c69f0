import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import SearchUserArea from './search-user-area.tsx';
import './staff-texts.ts';

const found = {
  data: {
    success: 1,
    message: 'SUCCESS',
    account: { user_id: 1, locked_until: null },
    data: [
      {
        userexams_id: 4,
        user_id: 1,
        examinstance_id: 4,
        org_id: 1,
        org_name: 'Northwind Academy',
        exam_name: 'Quantitative Skills',
        start_timestamp: '2026-11-10T04:24:42.329Z',
        finish_timestamp: '2026-11-10T04:36:42.329Z',
        status: '010',
        result_status: 'Processed',
        percentage: 50,
        queued: false,
        already_in_queue: false,
        mongodb_skipped: false,
        result_error: null,
      },
    ],
  },
};

describe('Search User Details', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Staff walk 2 (ADR 0223): a blank search said 'Something went wrong !!' above the last user's tests.
  it("clears the last user's tests when the next search is blank", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/api/test/searchUserOrg')
          ? new Response(JSON.stringify(found))
          : new Response(JSON.stringify({ data: { groups: [] } })),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SearchUserArea />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('Email Id');
    fireEvent.input(input, { target: { value: 'candidate@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search User Tests' }));
    await screen.findByText('Quantitative Skills');
    fireEvent.input(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search User Tests' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong !!');
    expect(screen.queryByText('Quantitative Skills')).toBeNull();
    expect(screen.getByText('No data available in this table.')).toBeTruthy();
  });
});
