import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { PasswordForm } from './password-form.tsx';

/** The server: the old password matches once (after the change it is the new one). */
function server() {
  let current = 'Old@12345';
  const calls = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls();
      const body = JSON.parse(String(init.body)) as { oldPassword: string; newPassword: string };
      await new Promise((r) => setTimeout(r, 50));
      if (body.oldPassword !== current) return new Response(JSON.stringify({ oldMatch: false, update: false }));
      current = body.newPassword;
      return new Response(JSON.stringify({ oldMatch: true, update: true }));
    }),
  );
  return calls;
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe('Change Password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes it once on a double click, and finds the fields by their spec names', async () => {
    const calls = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PasswordForm />
      </QueryClientProvider>,
    );
    fireEvent.input(field('Old Password'), { target: { value: 'Old@12345' } });
    fireEvent.input(field('Password'), { target: { value: 'New@12345' } });
    fireEvent.input(field('Confirm Password'), { target: { value: 'New@12345' } });
    const button = screen.getByRole('button', { name: 'Change Password' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(screen.queryByText('Old password did not match...')).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
