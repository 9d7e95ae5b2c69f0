import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { LanguageModal } from './language-modal.tsx';

const languages = [{ locale: 'en-IN', language: 'English' }];

describe("'Select Test Language' confirmation (spec: 'Test Language cannot be changed after the test has started...')", () => {
  function openConfirm() {
    const onConfirm = vi.fn();
    render(
      <LanguageModal
        open
        examName="Quiz"
        languages={languages}
        preferred={null}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByTestId('language-confirm').textContent).toBe(
      'Test Language cannot be changed after the test has started. Are you sure you want to continue with this language?',
    );
    return onConfirm;
  }

  it('is not answered by the second click of a double click on Proceed', () => {
    const onConfirm = openConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }), { detail: 2 });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('language-confirm')).toBeTruthy();
  });

  it('starts with the chosen language on a single click of Yes', () => {
    const onConfirm = openConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledWith('en-IN');
  });
});
