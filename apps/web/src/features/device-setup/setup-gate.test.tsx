import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../components/test-render.tsx';
import { SetupGate } from './setup-gate.tsx';

const settings = (monitoring: boolean, speaker_dialect: boolean) => ({
  result: { photo_timer: 20, photo_matching: false, photo_action: 'C', speaker_dialect, audio_action: 'C', monitoring },
});
const reply = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
const gate = (open: boolean, status = '000') => {
  const onProceed = vi.fn();
  const ui = render(<SetupGate examId={7} testType={1} status={status} open={open} onProceed={onProceed} />);
  return { onProceed, ui };
};

describe('setup gate (the device setup the instruction page Start button opens)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
  });

  it('shows nothing before Start is pressed', async () => {
    reply(200, settings(true, false));
    const { onProceed } = gate(false);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Device Setup' })).toBeNull();
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('starts an unmonitored test at once', async () => {
    reply(200, settings(false, false));
    const { onProceed } = gate(true);
    await waitFor(() => expect(onProceed).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Device Setup' })).toBeNull();
  });

  it('opens the full-screen device setup on a monitored test', async () => {
    reply(200, settings(true, false));
    const { onProceed } = gate(true);
    expect(await screen.findByRole('heading', { name: 'Device Setup' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Device Setup' })).toBeTruthy();
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('resumes a camera-only test at once (camera setup hidden on 001)', async () => {
    reply(200, settings(true, false));
    const { onProceed } = gate(true, '001');
    await waitFor(() => expect(onProceed).toHaveBeenCalledTimes(1));
  });

  it('starts the test when the settings cannot be read (the server still refuses an unproctored start)', async () => {
    reply(500, { message: 'down' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onProceed } = gate(true);
    await waitFor(() => expect(onProceed).toHaveBeenCalledTimes(1));
  });
});
