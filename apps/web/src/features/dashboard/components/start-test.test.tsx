import type { PendingRow } from '@invigil/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestDialogContext, type TestDialogProps } from '../../../components/test-dialog.ts';
import { act, fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { useStartTest } from './start-test.tsx';

// The app's dialog renders the test engine; here a stand-in shows what it received and can close.
function StandInTestDialog(p: TestDialogProps) {
  return (
    <div role="dialog" aria-label="test dialog">
      {`${p.testData.examName} #${p.examId} ${p.selectedLanguage}`}
      <button onClick={p.onClose}>close test</button>
    </div>
  );
}

const languages = vi.hoisted(() => vi.fn());
vi.mock('../api/get-languages.ts', () => ({ fetchLanguages: languages }));

const row = (over: Partial<PendingRow> = {}): PendingRow => ({
  userExamId: 7,
  examName: 'General Aptitude Test',
  date: new Date().toISOString(),
  languageLocale: 'en-IN,hi-IN',
  assessee: null,
  role: null,
  status: '000',
  statusLabel: 'NOT STARTED',
  testType: 1,
  available: true,
  selectedLanguage: null,
  ...over,
});

function Starter({ r }: { r: PendingRow }) {
  const { start, ui } = useStartTest();
  return (
    <>
      <button onClick={() => void start(r)}>start</button>
      {ui}
    </>
  );
}

function Harness({ r }: { r: PendingRow }) {
  return (
    <TestDialogContext.Provider value={StandInTestDialog}>
      <Starter r={r} />
    </TestDialogContext.Provider>
  );
}

// The modals load lazily; transforming MUI's dialog modules the first time takes longer than a
// query's wait in this environment (in the browser it is one small chunk).
beforeAll(async () => {
  await Promise.all([import('./language-modal.tsx'), import('./message-modal.tsx')]);
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('starting an item', () => {
  it('asks for the language, confirms, opens the test dialog and reloads the page when it closes', async () => {
    languages.mockResolvedValue({
      languagesData: [
        { locale: 'en-IN', language: 'English' },
        { locale: 'hi-IN', language: 'Hindi' },
      ],
      preferredLanguage: 'en-IN',
    });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    render(<Harness r={row()} />);
    await act(async () => {
      fireEvent.click(screen.getByText('start'));
    });
    expect(languages).toHaveBeenCalledWith(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('alert').textContent).toBe('Test Language Required !!');
    fireEvent.click(screen.getByRole('radio', { name: 'Hindi (hi-IN)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByTestId('language-confirm').textContent).toBe(
      'Test Language cannot be changed after the test has started. Are you sure you want to continue with this language?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'test dialog' });
    expect(dialog.textContent).toContain('General Aptitude Test #7 hi-IN');
    fireEvent.click(screen.getByText('close test'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each(['001', '998'])('resumes a %s test in its chosen language without asking again', async (status) => {
    languages.mockClear();
    render(<Harness r={row({ status, selectedLanguage: 'en-IN' })} />);
    await act(async () => {
      fireEvent.click(screen.getByText('start'));
    });
    expect((await screen.findByRole('dialog', { name: 'test dialog' })).textContent).toContain('#7 en-IN');
    expect(languages).not.toHaveBeenCalled();
  });

  it('shows the connectivity message in the 390 px message modal when the languages cannot be loaded', async () => {
    languages.mockRejectedValue(new Error('offline'));
    render(<Harness r={row()} />);
    await act(async () => {
      fireEvent.click(screen.getByText('start'));
    });
    expect(
      await screen.findByText('Connectivity with the server has been lost. Please retry after some time.'),
    ).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'System Warning' })).toBeTruthy();
  });
});
