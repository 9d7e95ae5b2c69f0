import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProctoringMonitor, type CallResult, type MonitorDeps } from './proctoring-monitor.ts';
import {
  audioDialogFor,
  photoDialogFor,
  type AudioVerdict,
  type MonitorSettings,
  type PhotoVerdict,
} from './warning-levels.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SETTINGS: MonitorSettings = {
  photo_timer: 20,
  photo_matching: true,
  photo_action: 'S',
  speaker_dialect: false,
  audio_action: 'S',
  monitoring: true,
};
const photo = (outcome: PhotoVerdict['outcome'], warnings = 0, stopped = false): PhotoVerdict => ({
  outcome,
  warnings,
  stopped,
});

describe('result to dialog', () => {
  it('a passing picture shows nothing', () => {
    expect(photoDialogFor(photo('ok'), SETTINGS)).toBeNull();
  });

  it.each(['N', 'M', 'O'] as const)('%s gives a warning with Ok for warnings 1 to 3', (outcome) => {
    for (const w of [1, 2, 3]) {
      expect(photoDialogFor(photo(outcome, w), SETTINGS)).toEqual({
        kind: 'photo',
        outcome,
        level: 'warning',
        warnings: w,
      });
    }
  });

  it('a mismatch with photo_action S gives the image alert; with C a warning', () => {
    expect(photoDialogFor(photo('mismatch', 1), SETTINGS)).toMatchObject({ level: 'image' });
    expect(photoDialogFor(photo('mismatch', 1), { photo_action: 'C' })).toMatchObject({ level: 'warning' });
  });

  it('the server stop (the 4th warning with S) is the violation', () => {
    expect(photoDialogFor(photo('N', 4, true), SETTINGS)).toMatchObject({ level: 'violation', warnings: 4 });
    expect(photoDialogFor(photo('mismatch', 4, true), SETTINGS)).toMatchObject({ level: 'violation' });
  });

  it('with photo_action C a 4th or later problem only warns', () => {
    expect(photoDialogFor(photo('N', 4), { photo_action: 'C' })).toMatchObject({ level: 'warning' });
    expect(photoDialogFor(photo('N', 7), { photo_action: 'C' })).toMatchObject({ level: 'warning' });
  });

  it('two or more speakers give the audio alert with S: warnings 1 to 4, the 5th is the violation', () => {
    const a = (speakers: number, warnings: number, stopped = false): AudioVerdict => ({ speakers, warnings, stopped });
    expect(audioDialogFor(a(1, 0), SETTINGS)).toBeNull();
    for (const w of [1, 2, 3, 4]) expect(audioDialogFor(a(2, w), SETTINGS)).toMatchObject({ level: 'warning' });
    expect(audioDialogFor(a(3, 5, true), SETTINGS)).toMatchObject({ level: 'violation', warnings: 5 });
    expect(audioDialogFor(a(2, 3), { audio_action: 'C' })).toBeNull();
  });
});

function harness(settings: Partial<MonitorSettings> = {}, replies: Array<CallResult<PhotoVerdict>> = []) {
  const deps = {
    settings: { ...SETTINGS, ...settings },
    capture: vi.fn<MonitorDeps['capture']>(async () => 'data:image/jpeg;base64,AAAA'),
    photoCheck: vi.fn<MonitorDeps['photoCheck']>(async () => replies.shift() ?? { verdict: photo('ok') }),
    recordSample: vi.fn<NonNullable<MonitorDeps['recordSample']>>(async () => new Blob(['x'], { type: 'audio/webm' })),
    audioCheck: vi.fn<NonNullable<MonitorDeps['audioCheck']>>(async () => ({
      verdict: { speakers: 1, warnings: 0, stopped: false },
    })),
    log: vi.fn<MonitorDeps['log']>(),
    restartCamera: vi.fn<MonitorDeps['restartCamera']>(async () => true),
    leave: vi.fn<MonitorDeps['leave']>(),
    onStopped: vi.fn<MonitorDeps['onStopped']>(),
  };
  const m = new ProctoringMonitor(deps);
  m.start();
  return { m, deps };
}

describe('ProctoringMonitor', () => {
  it('a passing check is silent and the next one follows photo_timer later', async () => {
    const { m, deps } = harness();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(1);
    expect(m.get().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    m.dispose();
  });

  it('a problem pauses the checks until Ok, then they resume', async () => {
    const { m, deps } = harness({}, [{ verdict: photo('N', 1) }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toEqual({ kind: 'photo', outcome: 'N', level: 'warning', warnings: 1 });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(1);
    await m.confirm();
    expect(m.get().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    m.dispose();
  });

  it('the image alert retakes the check 2 s after it is confirmed', async () => {
    const { m, deps } = harness({}, [{ verdict: photo('mismatch', 1) }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toMatchObject({ level: 'image' });
    await m.confirm();
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    m.dispose();
  });

  it('the server stop shows the violation; Close leaves for the dashboard and nothing more is sent', async () => {
    const { m, deps } = harness({}, [{ verdict: photo('N', 4, true) }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toMatchObject({ level: 'violation' });
    expect(deps.onStopped).toHaveBeenCalledTimes(1);
    expect(deps.leave).not.toHaveBeenCalled();
    await m.confirm();
    expect(deps.leave).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(1);
  });

  it('a busy server (503) shows no warning and the same picture is checked later', async () => {
    const { m, deps } = harness({}, [{ retry: true, afterMs: 3000 }, { verdict: photo('ok') }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    expect(deps.photoCheck.mock.calls[1]![0]).toBe(deps.photoCheck.mock.calls[0]![0]);
    expect(m.get().dialog).toBeNull();
    m.dispose();
  });

  it('pictures kept while offline go as soon as the link returns, each under the name it was first sent with', async () => {
    const offline: CallResult<PhotoVerdict> = { retry: true };
    const { m, deps } = harness({}, [offline, offline, offline, offline, offline]);
    let n = 0;
    deps.capture.mockImplementation(async () => `data:image/jpeg;base64,PIC${++n}`);
    // the first picture at 20 s, tried again at 22, 26, 34 and 50 s while offline (the next try
    // would be at 82 s); the pictures of 40 and 60 s wait behind it
    await vi.advanceTimersByTimeAsync(21_000);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(41_000);
    window.dispatchEvent(new Event('offline'));
    const calls = deps.photoCheck.mock.calls;
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map(([image, id]) => `${image} ${id}`)).size).toBe(1);
    expect(calls[0]![1]).toMatch(/^[0-9a-f]{32}$/);
    // the link is back: the three go now, not 20 s later
    expect(deps.log.mock.calls.filter(([, event]) => event.startsWith('link_lost'))).toEqual([]);
    window.dispatchEvent(new Event('online'));
    // the browser's report of the outage (from the first 'offline' at 21 s) goes with them
    expect(deps.log).toHaveBeenCalledWith('video', 'link_lost:41s');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.slice(4).map(([image]) => image)).toEqual([1, 1, 2, 3].map((i) => `data:image/jpeg;base64,PIC${i}`));
    expect(calls[5]![1]).toBe(calls[0]![1]);
    expect(new Set(calls.slice(5).map(([, id]) => id)).size).toBe(3);
    // each says when it was taken (20, 40 and 60 s; sent at 62 s): the server counts them as the
    // three runs they were, not one burst (ADR 0239)
    expect(calls.slice(5).map(([, , ago]) => ago)).toEqual([42_000, 22_000, 2000]);
    expect(calls[0]![2]).toBe(0);
    expect(m.get().dialog).toBeNull();
    m.dispose();
  });

  it('offline through all four runs: the four pictures are kept, none dropped, and go when the link returns', async () => {
    const offline: CallResult<PhotoVerdict> = { retry: true };
    const { m, deps } = harness(
      {},
      Array.from({ length: 12 }, () => offline),
    );
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(deps.capture).toHaveBeenCalledTimes(4);
    expect(deps.log).not.toHaveBeenCalledWith('video', 'picture_dropped', expect.anything());
    const before = deps.photoCheck.mock.calls.length;
    deps.photoCheck.mockResolvedValue({ verdict: photo('ok') });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    const sent = deps.photoCheck.mock.calls.slice(before);
    expect(new Set(sent.map(([, id]) => id)).size).toBe(4);
    expect(sent.map(([, , ago]) => ago)).toEqual([80_000, 60_000, 40_000, 20_000]);
    m.dispose();
  });

  it('a finish sends the kept picture at once and takes no new one (flush)', async () => {
    const { m, deps } = harness({}, [{ retry: true, afterMs: 30_000 }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(1);
    await m.flush();
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    expect(deps.photoCheck.mock.calls[1]![1]).toBe(deps.photoCheck.mock.calls[0]![1]);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(deps.capture).toHaveBeenCalledTimes(1);
    expect(deps.photoCheck).toHaveBeenCalledTimes(2);
    m.dispose();
  });

  it('a camera that gives no picture shows the camera warning and logs it, never a silent pass', async () => {
    const { m, deps } = harness();
    deps.capture.mockResolvedValue(null);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toEqual({ kind: 'camera' });
    expect(deps.photoCheck).not.toHaveBeenCalled();
    expect(deps.log).toHaveBeenCalledWith('video', 'camera_stopped');
    deps.capture.mockResolvedValue('data:image/jpeg;base64,BBBB');
    await m.confirm();
    expect(deps.restartCamera).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.photoCheck).toHaveBeenCalledTimes(1);
    m.dispose();
  });

  it('a camera that does not come back keeps the camera warning up', async () => {
    const { m, deps } = harness();
    deps.restartCamera.mockResolvedValue(false);
    m.cameraStopped();
    await m.confirm();
    expect(m.get().dialog).toEqual({ kind: 'camera' });
    m.dispose();
  });

  it('speaker samples follow the <30 s schedule and two speakers pause them until Ok', async () => {
    const { m, deps } = harness({ speaker_dialect: true });
    deps.audioCheck.mockResolvedValueOnce({ verdict: { speakers: 2, warnings: 1, stopped: false } });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(deps.recordSample).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.recordSample).toHaveBeenCalledTimes(1);
    expect(m.get().dialog).toEqual({ kind: 'audio', level: 'warning', warnings: 1 });
    await vi.advanceTimersByTimeAsync(80_000);
    expect(deps.recordSample).toHaveBeenCalledTimes(1);
    await m.confirm();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(deps.recordSample).toHaveBeenCalledTimes(2);
    m.dispose();
  });

  it('the 5th audio warning (the server stop) leaves for the dashboard on Close', async () => {
    const { m, deps } = harness({ speaker_dialect: true });
    deps.audioCheck.mockResolvedValueOnce({ verdict: { speakers: 2, warnings: 5, stopped: true } });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(m.get().dialog).toEqual({ kind: 'audio', level: 'violation', warnings: 5 });
    await m.confirm();
    expect(deps.leave).toHaveBeenCalled();
  });

  it('the speaker check alone (monitoring off) listens and never takes a picture', async () => {
    const { m, deps } = harness({ speaker_dialect: true, monitoring: false });
    expect(m.photoTimer).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.recordSample).toHaveBeenCalledTimes(2);
    expect(deps.audioCheck).toHaveBeenCalledTimes(2);
    expect(deps.capture).not.toHaveBeenCalled();
    expect(deps.photoCheck).not.toHaveBeenCalled();
    m.dispose();
  });

  it('a failed recording is logged and shows nothing', async () => {
    const { m, deps } = harness({ speaker_dialect: true });
    deps.recordSample.mockResolvedValueOnce(null);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.log).toHaveBeenCalledWith('audio', 'recording_failed');
    expect(deps.audioCheck).not.toHaveBeenCalled();
    expect(m.get().dialog).toBeNull();
    m.dispose();
  });
});
