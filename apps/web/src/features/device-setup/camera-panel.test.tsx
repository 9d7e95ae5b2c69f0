import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../components/test-render.tsx';
import { CameraPanel } from './camera-panel.tsx';

describe('camera setup', () => {
  it('keeps Capture Image off until the camera gives its first frame', () => {
    render(
      <CameraPanel
        examId={1}
        stream={{} as MediaStream}
        size={{ width: 550, height: 450 }}
        micReady
        onSnackbar={vi.fn()}
        onProceed={vi.fn()}
      />,
    );
    const capture = screen.getByRole('button', { name: 'Capture Image' }) as HTMLButtonElement;
    // A click before the first frame would send a blank picture, refused as 'no face'.
    expect(capture.disabled).toBe(true);
    fireEvent.loadedData(screen.getByLabelText('Camera preview'));
    expect(capture.disabled).toBe(false);
  });
});
