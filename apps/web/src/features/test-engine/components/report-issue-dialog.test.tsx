import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';

const reportIssue = vi.hoisted(() => vi.fn());
vi.mock('../api/test-calls.ts', () => ({ reportIssue }));
const { ReportIssueDialog } = await import('./report-issue-dialog.tsx');

const open = () => render(<ReportIssueDialog open qid={11} onClose={() => {}} />);
const description = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;

async function chooseType(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Issue type' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe("'Report Issue' (spec: issue type and description required, Reset clears both)", () => {
  afterEach(() => reportIssue.mockReset());

  it('lists the spec issue types and names its fields exactly', async () => {
    open();
    expect(description()).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Issue type' }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual([
      'Grammatical or Pharasing Error',
      'Two or more correct answer',
      'No correct answer',
      'Outdated Question',
      'Irrelevent Question',
      'Other',
    ]);
  });

  it('requires both fields, and Reset clears both', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Issue type and description are required.');
    await chooseType('Other');
    fireEvent.input(description(), { target: { value: 'Typo in the question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(description().value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Issue type' }).textContent).not.toContain('Other');
    expect(reportIssue).not.toHaveBeenCalled();
  });

  it('sends the issue once, however often Submit is pressed', async () => {
    let done!: () => void;
    reportIssue.mockReturnValue(new Promise<void>((r) => (done = r)));
    open();
    await chooseType('No correct answer');
    fireEvent.input(description(), { target: { value: 'None of the choices is right' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await act(async () => done());
    expect(reportIssue).toHaveBeenCalledTimes(1);
    expect(reportIssue).toHaveBeenCalledWith(11, 'No correct answer', 'None of the choices is right');
    expect(await screen.findByText('Thank you. The issue has been reported.')).toBeTruthy();
  });
});
