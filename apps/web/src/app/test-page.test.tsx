import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../components/test-render.tsx';
import '../i18n/index.ts';

// The engine is not under test: the slot says which exam it was given.
vi.mock('./test-dialog-slot.tsx', () => ({
  TestDialogSlot: ({ examId }: { examId: number }) => <p>engine for exam {examId}</p>,
}));
vi.mock('../lib/recording-uploads/resume-on-load.ts', () => ({ resumePendingOnLoad: () => {} }));

const { default: TestPage } = await import('./test-page.tsx');

const at = (url: string) => history.replaceState(null, '', url);
afterEach(() => vi.unstubAllGlobals());

describe('/v2/user/test (spec section 2: the test-taking screen, no session guard)', () => {
  it('without a test says so in a System Warning, asks the server nothing, and Close goes to the dashboard', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign, pathname: '/v2/user/test', search: '' });
    at('/v2/user/test');
    render(<TestPage />);
    const dialog = screen.getByRole('dialog', { name: 'System Warning' });
    expect(dialog.textContent).toContain('No test is selected. Please start your test from the dashboard.');
    expect(dialog.textContent).not.toMatch(/examId|expected number/);
    expect(screen.queryByText(/engine for exam/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(assign).toHaveBeenCalledWith('/v2/user/dashboard');
  });

  it.each(['/v2/user/test?examId=0', '/v2/user/test?examId=abc', '/v2/user/test?examId=1.5'])(
    '%s is no test either',
    (url) => {
      at(url);
      render(<TestPage />);
      expect(screen.getByRole('dialog', { name: 'System Warning' })).toBeTruthy();
      expect(screen.queryByText(/engine for exam/)).toBeNull();
    },
  );

  it('with an exam id opens the test engine for it', () => {
    at('/v2/user/test?examId=42');
    render(<TestPage />);
    expect(screen.getByText('engine for exam 42')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'System Warning' })).toBeNull();
  });
});
