import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckScheduler, PHOTO_MAX_RUNS, photoSchedule, speakerSchedule } from './check-scheduler.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('check schedules', () => {
  it('takes a picture every photo_timer seconds', () => {
    expect(photoSchedule(20)).toEqual({ firstMs: 20_000, everyMs: 20_000 });
    expect(photoSchedule(120)).toEqual({ firstMs: 120_000, everyMs: 120_000 });
  });

  it('records the first speaker sample at photo_timer - 15 s, then every photo_timer', () => {
    expect(speakerSchedule(120)).toEqual({ firstMs: 105_000, everyMs: 120_000 });
    expect(speakerSchedule(30)).toEqual({ firstMs: 15_000, everyMs: 30_000 });
  });

  it('under 30 s, records the first sample at 20 s and then every 40 s', () => {
    expect(speakerSchedule(29)).toEqual({ firstMs: 20_000, everyMs: 40_000 });
    expect(speakerSchedule(20)).toEqual({ firstMs: 20_000, everyMs: 40_000 });
  });
});

describe('CheckScheduler', () => {
  it('runs at the first time and then every period', async () => {
    const run = vi.fn();
    const s = new CheckScheduler({ firstMs: 5000, everyMs: 20_000 }, run);
    s.start();
    await vi.advanceTimersByTimeAsync(4999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(run).toHaveBeenCalledTimes(4);
    s.stop();
  });

  it('runs a photo check at most 4 times', async () => {
    const run = vi.fn();
    const s = new CheckScheduler(photoSchedule(20), run, PHOTO_MAX_RUNS);
    s.start();
    await vi.advanceTimersByTimeAsync(20_000 * 10);
    expect(run).toHaveBeenCalledTimes(4);
    expect(s.done).toBe(true);
    s.resume();
    s.retakeAfter(2000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('pauses until resumed, then waits a full period', async () => {
    const run = vi.fn();
    const s = new CheckScheduler(photoSchedule(20), run, PHOTO_MAX_RUNS);
    s.start();
    await vi.advanceTimersByTimeAsync(20_000);
    s.pause(); // the first check found a problem: the warning is open
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(1);
    s.resume(); // Ok
    await vi.advanceTimersByTimeAsync(19_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('a pause from inside the run holds the next check', async () => {
    const s: CheckScheduler = new CheckScheduler(photoSchedule(20), () => s.pause(), PHOTO_MAX_RUNS);
    s.start();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(s.runs).toBe(1);
  });

  it('retakes after 2 s when asked', async () => {
    const run = vi.fn();
    const s = new CheckScheduler(photoSchedule(20), run, PHOTO_MAX_RUNS);
    s.start();
    await vi.advanceTimersByTimeAsync(20_000);
    s.pause();
    s.retakeAfter(2000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('skips a turn while the previous run is still going (a 15 s recording)', async () => {
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const s = new CheckScheduler({ firstMs: 1000, everyMs: 10_000 }, run);
    s.start();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('stop ends the schedule for good', async () => {
    const run = vi.fn();
    const s = new CheckScheduler(photoSchedule(20), run);
    s.start();
    s.stop();
    s.resume();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(run).not.toHaveBeenCalled();
  });
});
