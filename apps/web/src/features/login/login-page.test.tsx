import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../components/test-render.tsx';
import '../../i18n/index.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const refuse = (remainingAttempts: number) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 'FAILURE', message: 'x', remainingAttempts }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
  );

function renderLogin() {
  history.replaceState(null, '', '/v2/user/login');
  render(<LoginPage />);
  return {
    user: screen.getByLabelText('Username') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
  };
}

describe('login screen, keyboard and screen reader', () => {
  it('a wrong password marks both fields invalid and points them at the spoken alert', async () => {
    vi.stubGlobal('fetch', refuse(3));
    const { user, password } = renderLogin();
    expect(user.getAttribute('aria-invalid')).toBeNull();
    fireEvent.input(user, { target: { value: 'candidate@example.com' } });
    fireEvent.input(password, { target: { value: 'wrong' } });
    fireEvent.submit(user.form!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Username or Password is incorrect.');
    for (const field of [user, password]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    }
  });

  // Spell check off is checked in Chromium (e2e/first-user-walk.spec.ts): jsdom has no such property.
  it('the username is typed as an e-mail: no capital first letter on phones', () => {
    const { user } = renderLogin();
    expect(user.getAttribute('autocapitalize')).toBe('none');
    expect(user.getAttribute('autocomplete')).toBe('username');
  });

  it('the password can be shown and hidden again with a toggle button after the field', () => {
    const { password } = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show characters' });
    expect(password.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    fireEvent.click(toggle);
    expect(password.type).toBe('password');
  });

  it('has one control named Password, the field, so a lookup by that label finds it alone', () => {
    const { password } = renderLogin();
    expect(screen.getAllByLabelText(/password/i)).toEqual([password]);
  });

  it('says Caps Lock is on while it is, as part of the password field’s description', () => {
    const { password } = renderLogin();
    expect(screen.queryByText('Caps Lock is on')).toBeNull();
    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    const hint = screen.getByText('Caps Lock is on');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
    fireEvent.keyUp(password, { key: 'CapsLock', modifierCapsLock: false });
    expect(screen.queryByText('Caps Lock is on')).toBeNull();
  });
});

describe('login screen on a slow link', () => {
  it('a double press of Sign In (or Sign In then Enter) sends one sign-in, not two', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    const { user, password } = renderLogin();
    fireEvent.input(user, { target: { value: 'candidate@example.com' } });
    fireEvent.input(password, { target: { value: 'wrong' } });
    fireEvent.submit(user.form!);
    fireEvent.submit(user.form!);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    answer(
      new Response(JSON.stringify({ status: 'FAILURE', message: 'x', remainingAttempts: 3 }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Username or Password is incorrect.');
    fireEvent.submit(user.form!);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
