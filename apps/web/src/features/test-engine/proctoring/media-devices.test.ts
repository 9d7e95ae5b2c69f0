import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaDevices } from './media-devices.ts';

/** A video element whose frame state the test sets (jsdom plays no media). */
function videoElement() {
  const el = document.createElement('video');
  let ready = 0;
  Object.defineProperty(el, 'readyState', { get: () => ready });
  Object.defineProperty(el, 'videoWidth', { get: () => (ready >= 2 ? 550 : 0) });
  Object.defineProperty(el, 'videoHeight', { get: () => (ready >= 2 ? 450 : 0) });
  el.play = () => Promise.resolve();
  return {
    el,
    frame() {
      ready = 2;
      el.dispatchEvent(new Event('loadeddata'));
    },
  };
}

function liveCamera(state: { readyState: MediaStreamTrackState }) {
  const track = { readyState: state.readyState, addEventListener: vi.fn(), stop: vi.fn() };
  Object.defineProperty(track, 'readyState', { get: () => state.readyState });
  return { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
}

describe('the hidden camera: capture waits for a slow first frame', () => {
  const track = { readyState: 'live' as MediaStreamTrackState };
  let video: ReturnType<typeof videoElement>;
  let devices: MediaDevices;

  beforeEach(async () => {
    vi.useFakeTimers();
    track.readyState = 'live';
    video = videoElement();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => liveCamera(track) },
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: () => undefined,
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AAAA');
    devices = new MediaDevices(() => video.el, vi.fn(), vi.fn());
    expect(await devices.startCamera()).toBe(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a frame that arrives within the wait is captured', async () => {
    const shot = devices.capture(5_000);
    await vi.advanceTimersByTimeAsync(3_000);
    video.frame();
    await expect(shot).resolves.toBe('data:image/jpeg;base64,AAAA');
  });

  it('no frame within the wait is no picture (the camera warning follows)', async () => {
    const shot = devices.capture(5_000);
    let settled = false;
    void shot.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await expect(shot).resolves.toBeNull();
  });

  it('an ended camera is no picture at once, without waiting', async () => {
    track.readyState = 'ended';
    await expect(devices.capture(5_000)).resolves.toBeNull();
  });
});
