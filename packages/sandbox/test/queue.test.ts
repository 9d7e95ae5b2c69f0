import { describe, expect, it } from 'vitest';
import { QueueFullError, SlotQueue } from '../src/queue.ts';

describe('SlotQueue', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, refuses the rest with a retry estimate', async () => {
    const q = new SlotQueue(2, 1);
    let running = 0;
    let peak = 0;
    const slots: number[] = [];
    const job = (slot: number) =>
      new Promise<number>((r) => {
        running++;
        peak = Math.max(peak, running);
        slots.push(slot);
        setTimeout(() => {
          running--;
          r(slot);
        }, 50);
      });
    const results = await Promise.allSettled([q.run(job), q.run(job), q.run(job), q.run(job)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const err = (results[3] as PromiseRejectedResult).reason;
    expect(err).toBeInstanceOf(QueueFullError);
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(peak).toBe(2);
    expect(new Set(slots)).toEqual(new Set([0, 1]));
  });
});
