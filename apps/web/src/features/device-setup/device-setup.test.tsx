import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../components/test-render.tsx';
import { captureResult } from './capture-result.ts';
import DeviceSetup from './device-setup.tsx';
import { levelPercent, micReducer, type MicPhase } from './mic-level.ts';
import { setupPlan } from './setup-plan.ts';
import { TEXTS } from './texts.ts';
import { causeOf } from './use-media.ts';

describe('microphone test state machine', () => {
  const run = (events: Parameters<typeof micReducer>[1][], from: MicPhase = 'idle') => events.reduce(micReducer, from);

  it('passes only on a level above 30 % while testing', () => {
    expect(run([{ type: 'level', percent: 90 }])).toBe('idle');
    expect(run([{ type: 'start' }, { type: 'level', percent: 30 }])).toBe('testing');
    expect(run([{ type: 'start' }, { type: 'level', percent: 30.5 }])).toBe('success');
  });

  it('fails on the 5-second timeout without sound, and a success is not undone by it', () => {
    expect(run([{ type: 'start' }, { type: 'level', percent: 5 }, { type: 'timeout' }])).toBe('failed');
    expect(run([{ type: 'start' }, { type: 'level', percent: 80 }, { type: 'timeout' }])).toBe('success');
    expect(run([{ type: 'start' }], 'failed')).toBe('testing');
    expect(run([{ type: 'reset' }], 'success')).toBe('idle');
  });

  it('reads the peak of time-domain samples as a percentage (128 is silence)', () => {
    expect(levelPercent(new Uint8Array([128, 128, 128]))).toBe(0);
    expect(levelPercent(new Uint8Array([128, 192, 100]))).toBe(50);
    expect(levelPercent(new Uint8Array([0, 255]))).toBe(100);
  });
});

describe('setup steps per test type', () => {
  const both = { monitoring: true, speaker_dialect: true };

  it('types 14 and 15 go microphone then camera, one after the other, at 450x300', () => {
    for (const type of [14, 15]) {
      expect(setupPlan(type, '000', both)).toEqual({
        layout: 'sequential',
        steps: ['microphone', 'camera'],
        video: { width: 450, height: 300 },
      });
    }
  });

  it('other types show the panels side by side at 550x450, audio first', () => {
    expect(setupPlan(1, '000', both)).toEqual({
      layout: 'sideBySide',
      steps: ['microphone', 'camera'],
      video: { width: 550, height: 450 },
    });
  });

  it('asks for the microphone only with the speaker check and the camera only with monitoring', () => {
    expect(setupPlan(1, '000', { monitoring: true, speaker_dialect: false }).steps).toEqual(['camera']);
    expect(setupPlan(14, '000', { monitoring: false, speaker_dialect: true }).steps).toEqual(['microphone']);
    expect(setupPlan(1, '000', { monitoring: false, speaker_dialect: false }).steps).toEqual([]);
  });

  it('skips camera setup on resume (status 001)', () => {
    expect(setupPlan(14, '001', both).steps).toEqual(['microphone']);
    expect(setupPlan(1, '001', { monitoring: true, speaker_dialect: false }).steps).toEqual([]);
  });
});

describe('capture result mapping', () => {
  it('maps the server verdict to the capture state and the spec texts', () => {
    expect(captureResult({ kind: 'ok', msg: 'SUCCESS' })).toEqual({ state: 'success', snackbar: TEXTS.primarySaved });
    expect(captureResult({ kind: 'ok', msg: 'FAILED' })).toEqual({ state: 'idle', snackbar: TEXTS.primaryFailed });
    const rejected = (outcome: string) => ({ kind: 'error' as const, status: 422, body: { message: 'x', outcome } });
    expect(captureResult(rejected('N'))).toEqual({ state: 'noFace' });
    expect(captureResult(rejected('M'))).toEqual({ state: 'multipleFaces' });
    expect(captureResult(rejected('O'))).toEqual({ state: 'objects' });
    expect(captureResult({ kind: 'error', status: 500, body: null })).toEqual({
      state: 'idle',
      snackbar: TEXTS.primaryError,
    });
    expect(captureResult(rejected('?'))).toEqual({ state: 'idle', snackbar: TEXTS.primaryError });
    // Spec §8: the call failing is 'Error saving primary image.'; the analysis failing (503) is its own text.
    expect(captureResult({ kind: 'error', status: 0, body: null })).toEqual({
      state: 'idle',
      snackbar: 'Error saving primary image.',
    });
    expect(captureResult({ kind: 'error', status: 503, body: null })).toEqual({
      state: 'idle',
      snackbar: 'Error during facial analysis.',
    });
  });
});

describe('media failure causes', () => {
  it('maps getUserMedia errors to the troubleshooting steps (denied, no device, other)', () => {
    expect(causeOf('NotAllowedError')).toBe('denied');
    expect(causeOf('PermissionDeniedError')).toBe('denied');
    expect(causeOf('NotSupportedError')).toBe('denied');
    expect(causeOf('NotFoundError')).toBe('noDevice');
    expect(causeOf('NotReadableError')).toBe('other');
  });
});

describe('device setup screen', () => {
  const fakeStream = { getTracks: () => [] } as unknown as MediaStream;
  const withDevices = (impl: () => Promise<MediaStream>) =>
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(impl) } });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"msg":"SUCCESS"}'))),
    );
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    vi.unstubAllGlobals();
  });

  it('sequential flow shows the microphone step first and no camera yet', async () => {
    withDevices(() => Promise.resolve(fakeStream));
    render(
      <DeviceSetup
        examId={5}
        plan={setupPlan(14, '000', { monitoring: true, speaker_dialect: true })}
        onProceed={() => {}}
      />,
    );
    expect(await screen.findByRole('region', { name: TEXTS.audioSetup })).toBeTruthy();
    expect(screen.queryByRole('region', { name: TEXTS.cameraSetup })).toBeNull();
  });

  it('side by side shows both panels, capture waiting for the microphone test', async () => {
    withDevices(() => Promise.resolve(fakeStream));
    render(
      <DeviceSetup
        examId={5}
        plan={setupPlan(1, '000', { monitoring: true, speaker_dialect: true })}
        onProceed={() => {}}
      />,
    );
    const regions = await screen.findAllByRole('region');
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual([TEXTS.audioSetup, TEXTS.cameraSetup]);
    expect(screen.getByText(TEXTS.enableMicFirst)).toBeTruthy();
    expect((screen.getByRole('button', { name: TEXTS.captureImage }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a denied permission shows the permission dialog with the spec text', async () => {
    withDevices(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    render(
      <DeviceSetup
        examId={5}
        plan={setupPlan(1, '000', { monitoring: true, speaker_dialect: false })}
        onProceed={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: TEXTS.permissionTitle });
    expect(dialog.textContent).toContain(TEXTS.accessMandatory);
  });
});
