import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import PracticeArea from './practice-area.tsx';

const practice = [{ id: 5, test_name: 'Practice: Verbal Reasoning', numberofquestions: 3, duration: 10 }];

/** The server: the list, and one assignment (a second one is refused as the spec says). */
function server() {
  let assigned = false;
  const applied = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/dashboard/menu')) return new Response(JSON.stringify({ practice }));
      applied();
      await new Promise((r) => setTimeout(r, 50));
      if (assigned)
        return new Response(JSON.stringify({ message: 'Exam is already assigned hence cant assign' }), { status: 409 });
      assigned = true;
      return new Response(JSON.stringify({ message: 'Exam is assigned' }));
    }),
  );
  return applied;
}

describe('Practice: Apply', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('assigns once on a double click and says so', async () => {
    const applied = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PracticeArea />
      </QueryClientProvider>,
    );
    const apply = await screen.findByRole('button', { name: 'Apply: Practice: Verbal Reasoning' });
    await act(async () => {
      fireEvent.click(apply);
      fireEvent.click(apply);
    });
    expect(await screen.findByText('Exam is assigned')).toBeTruthy();
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('says the connection was lost, in the spec words, when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/api/dashboard/menu')) return new Response(JSON.stringify({ practice }));
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PracticeArea />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Apply: Practice: Verbal Reasoning' }));
    expect(
      await screen.findByText('Connectivity with the server has been lost. Please retry after some time.'),
    ).toBeTruthy();
    expect(screen.queryByText('Network error')).toBeNull();
  });
});
