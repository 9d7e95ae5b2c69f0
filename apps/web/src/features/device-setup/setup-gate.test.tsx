import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../components/test-render.tsx';
import { SetupGate } from './setup-gate.tsx';

const settings = (monitoring: boolean, speaker_dialect: boolean) => ({
  result: { photo_timer: 20, photo_matching: false, photo_action: 'C', speaker_dialect, audio_action: 'C', monitoring },
});
const reply = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
const gate = (status = '000') =>
  render(
    <SetupGate examId={7} testData={{ testType: 1, status }}>
      <p>the test</p>
    </SetupGate>,
  );

describe('setup gate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
  });

  it('opens an unmonitored test directly', async () => {
    reply(200, settings(false, false));
    gate();
    expect(await screen.findByText('the test')).toBeTruthy();
  });

  it('shows the device setup first on a monitored test', async () => {
    reply(200, settings(true, false));
    gate();
    expect(await screen.findByRole('heading', { name: 'Device Setup' })).toBeTruthy();
    expect(screen.queryByText('the test')).toBeNull();
  });

  it('opens a resumed camera-only test directly (camera setup skipped on 001)', async () => {
    reply(200, settings(true, false));
    gate('001');
    expect(await screen.findByText('the test')).toBeTruthy();
  });

  it('opens the test when the settings cannot be read (the server still refuses an unproctored start)', async () => {
    reply(500, { message: 'down' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    gate();
    expect(await screen.findByText('the test')).toBeTruthy();
  });
});
