import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { MonitorDialogView } from './monitor-dialog.tsx';
import type { MonitorDialog, MonitorSettings } from './warning-levels.ts';

const S: MonitorSettings = {
  photo_timer: 20,
  photo_matching: true,
  photo_action: 'S',
  speaker_dialect: true,
  audio_action: 'S',
  monitoring: true,
};

function show(dialog: MonitorDialog, settings = S) {
  const onConfirm = vi.fn();
  render(<MonitorDialogView dialog={dialog} settings={settings} onConfirm={onConfirm} />);
  return { d: screen.getByRole('dialog'), onConfirm };
}

describe('proctoring alerts (spec wording)', () => {
  it.each([
    ['N', 'Face Not Visible', 'Your face is not visible, please come closer to the camera.'],
    ['M', 'Multiple faces detected', 'Multiple faces are getting detected, click again to proceed further.'],
    ['O', 'Background Check', 'Objects detected in the background.'],
    ['mismatch', 'Face not matched', 'Your photo does not match.'],
  ] as const)('%s: a warning titled %s with Ok', (outcome, title, text) => {
    const { d, onConfirm } = show({ kind: 'photo', outcome, level: 'warning', warnings: 2 });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(d.textContent).toContain(text);
    expect(d.textContent).toContain('Warning 2 of 3. A fourth problem ends the test.');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("photo_action 'C' shows no count of warnings left", () => {
    const { d } = show({ kind: 'photo', outcome: 'N', level: 'warning', warnings: 5 }, { ...S, photo_action: 'C' });
    expect(d.textContent).not.toContain('Warning 5');
  });

  it('the image alert (mismatch with S) says the picture is taken again', () => {
    const { d } = show({ kind: 'photo', outcome: 'mismatch', level: 'image', warnings: 1 });
    expect(screen.getByRole('heading', { name: 'Face not matched' })).toBeTruthy();
    expect(d.textContent).toContain('Press Ok to take the picture again.');
  });

  // Spec section 2's face warning dialogs: the title stays the face dialog's at the 4th too.
  it.each([
    ['M', 'Multiple faces detected', 'You cannot proceed further.'],
    ['mismatch', 'Face not matched', 'Your photo does not match. You cannot proceed further.'],
    ['O', 'Background Check', 'Objects detected in the background.'],
    ['N', 'Face Not Visible', 'Your face is not visible, please come closer to the camera.'],
  ] as const)('the %s violation is titled %s, says "%s", has Close and results processing', (outcome, title, text) => {
    show({ kind: 'photo', outcome, level: 'violation', warnings: 4 });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain(text);
    expect(screen.getByRole('dialog').textContent).toContain('Your results are being processed.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ok' })).toBeNull();
  });

  it('the camera warning uses the webcam error text', () => {
    const { d } = show({ kind: 'camera' });
    expect(d.textContent).toContain('Error Message: Looks like your webcam is NOT working.');
  });

  it('the audio alert counts to 4; the 5th is the violation', () => {
    const { d } = show({ kind: 'audio', level: 'warning', warnings: 3 });
    expect(screen.getByRole('heading', { name: 'Multiple Speakers Detected' })).toBeTruthy();
    expect(d.textContent).toContain('Warning 3 of 4.');
  });

  it('the 5th speaker warning is the violation with Close', () => {
    const { d } = show({ kind: 'audio', level: 'violation', warnings: 5 });
    expect(screen.getByRole('heading', { name: 'Violation of Rule !!!' })).toBeTruthy();
    expect(d.textContent).toContain('Your results are being processed.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
