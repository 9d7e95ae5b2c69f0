import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import { RegenerateButton, type RegenState } from './regenerate-button.tsx';
import './staff-texts.ts';

/** The server: the first request queues the regeneration, later ones find it in the queue. */
function server() {
  let queued = false;
  const calls = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls();
      await new Promise((r) => setTimeout(r, 50));
      const body = queued
        ? { success: 1, message: '', queued: false, already_in_queue: true, mongodb_skipped: false }
        : { success: 1, message: '', queued: true, already_in_queue: false, mongodb_skipped: false };
      queued = true;
      return new Response(JSON.stringify(body));
    }),
  );
  return calls;
}

function Row() {
  const [state, setState] = useState<RegenState>(null);
  return (
    <RegenerateButton
      ids={{ userExamId: 4, userId: 1, examInstanceId: 2 }}
      label="Quantitative Skills"
      status="010"
      state={state}
      onState={setState}
      onError={() => {}}
    />
  );
}

describe('ReGenerate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once on a double click and shows QUEUED, disabled', async () => {
    const calls = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Row />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'ReGenerate: Quantitative Skills' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    const queued = await screen.findByRole('button', { name: 'QUEUED: Quantitative Skills' });
    expect((queued as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the server refuses',
      () => new Response(JSON.stringify({ message: 'Exam is not completed yet' }), { status: 400 }),
      'Exam is not completed yet',
    ],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch')), 'Something went wrong !!'],
  ])('when %s it shows the right message', async (_case, reply, message) => {
    vi.stubGlobal('fetch', vi.fn(reply));
    const onError = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RegenerateButton
          ids={{ userExamId: 4, userId: 1, examInstanceId: 2 }}
          label="Quantitative Skills"
          status="999"
          state={null}
          onState={() => {}}
          onError={onError}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ReGenerate: Quantitative Skills' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(message));
  });

  // Staff walk 2 (ADR 0223): the server refuses a test without a result, so the button says so first.
  it.each([
    ['000', true],
    ['001', true],
    ['100', true],
    ['998', true],
    ['010', false],
    ['011', false],
    ['111', false],
    ['999', false],
  ])('for a test of status %s it is disabled: %s', (status, disabled) => {
    const calls = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RegenerateButton
          ids={{ userExamId: 4, userId: 1, examInstanceId: 2 }}
          label="Quantitative Skills"
          status={status}
          state={null}
          onState={() => {}}
          onError={() => {}}
        />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'ReGenerate: Quantitative Skills' }) as HTMLButtonElement;
    expect(button.disabled).toBe(disabled);
    if (disabled) {
      fireEvent.click(button);
      expect(calls).not.toHaveBeenCalled();
    }
  });
});
