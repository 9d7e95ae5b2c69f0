import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { monitoringSettingsWithRetry } from './proctoring-api.ts';
import type { MonitorSettings } from './warning-levels.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SETTINGS = { monitoring: true, photo_timer: 20 } as unknown as MonitorSettings;

describe('monitoringSettingsWithRetry', () => {
  it('asks again after a lost link and a busy server, then starts with the settings', async () => {
    const load = vi
      .fn<(id: number) => Promise<MonitorSettings>>()
      .mockRejectedValueOnce(new ApiError(0, 'Network error', null))
      .mockRejectedValueOnce(new ApiError(503, 'Busy', { retryAfter: 10 }))
      .mockResolvedValue(SETTINGS);
    const retries: number[] = [];
    const result = monitoringSettingsWithRetry(
      7,
      () => false,
      (_e, n) => retries.push(n),
      load,
    );
    await vi.advanceTimersByTimeAsync(2000); // first back-off
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(9000); // Retry-After 10 s wins over the 4 s back-off
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(SETTINGS);
    expect(retries).toEqual([0, 1]);
    expect(load).toHaveBeenCalledWith(7);
  });

  it('asks again as soon as the link returns, not at the end of the back-off', async () => {
    const load = vi
      .fn<(id: number) => Promise<MonitorSettings>>()
      .mockRejectedValueOnce(new ApiError(0, 'Network error', null))
      .mockRejectedValueOnce(new ApiError(0, 'Network error', null))
      .mockResolvedValue(SETTINGS);
    const result = monitoringSettingsWithRetry(
      7,
      () => false,
      () => {},
      load,
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(2); // the next waits 4 s
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe(SETTINGS);
  });

  it('gives up on a refusal (4xx) and when the panel is gone', async () => {
    const refused = vi.fn().mockRejectedValue(new ApiError(403, 'Forbidden', null));
    await expect(
      monitoringSettingsWithRetry(
        7,
        () => false,
        () => {},
        refused,
      ),
    ).rejects.toThrow('Forbidden');
    expect(refused).toHaveBeenCalledTimes(1);

    let gone = false;
    const down = vi.fn().mockRejectedValue(new ApiError(0, 'Network error', null));
    const result = monitoringSettingsWithRetry(
      7,
      () => gone,
      () => {},
      down,
    );
    await vi.advanceTimersByTimeAsync(2000);
    gone = true;
    await vi.advanceTimersByTimeAsync(4000);
    await expect(result).resolves.toBeNull();
    expect(down).toHaveBeenCalledTimes(2);
  });
});
