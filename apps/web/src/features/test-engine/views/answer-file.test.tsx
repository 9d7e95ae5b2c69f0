import type { QuestionItem } from '@invigil/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AnswerFile } from './answer-file.tsx';

const calls = vi.hoisted(() => ({ uploadAnswerFile: vi.fn(), checkDownload: vi.fn() }));
vi.mock('../api/test-calls.ts', () => calls);

const item = (uploadedFile?: string) => ({ qid: 207, qtypecode: 4, uploadedFile }) as unknown as QuestionItem;
const pick = (file: File) => {
  const input = screen.getByTestId('answer-file-input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

/** The descriptive answer's file (spec: File upload; ADR 0260). */
describe('answer file', () => {
  beforeEach(() => calls.uploadAnswerFile.mockReset());

  it('does not send a 0-byte file and says why', async () => {
    render(<AnswerFile item={item()} examId={91} disabled={false} onChange={() => {}} />);
    pick(new File([], 'cv.pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File upload failed. Please try again !!! "cv.pdf" is empty (0 bytes).',
    );
    expect(calls.uploadAnswerFile).not.toHaveBeenCalled();
  });

  it.each([
    // the server found the contents are not what the name says (a program renamed .pdf)
    [415, 'Your brower does not support this file format.'],
    [413, 'File size must be less than 5MB...'],
    [0, 'File upload failed. Please try again !!!'],
  ])("a refused upload (%i) shows the spec's text for it", async (status, text) => {
    calls.uploadAnswerFile.mockRejectedValueOnce(
      status ? new ApiError(status, text, {}) : new TypeError('Failed to fetch'),
    );
    render(<AnswerFile item={item()} examId={91} disabled={false} onChange={() => {}} />);
    pick(new File(['MZ'], 'setup.pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('names an uploaded file as it was called, in any language', () => {
    const url = '/api/result/files/answer-files/91/207/1795569947716.wm-_E0_A4_B0_E0_A4_BF_20r_C3_A9sum_C3_A9.pdf';
    render(<AnswerFile item={item(url)} examId={91} disabled={false} onChange={() => {}} />);
    expect(screen.getByTestId('answer-file-name').textContent).toBe('Uploaded: wm-रि résumé.pdf');
    // files stored before ADR 0260: `<ms>-<ascii name>`
    render(
      <AnswerFile
        item={item('/api/result/files/answer-files/91/207/17-my_cv.pdf')}
        examId={91}
        disabled={false}
        onChange={() => {}}
      />,
    );
    expect(screen.getAllByTestId('answer-file-name')[1]!.textContent).toBe('Uploaded: my_cv.pdf');
  });
});
