import { describe, expect, it } from 'vitest';
import { oncePer } from '../src/lib/once-per.ts';

describe('oncePer: a repeated fault is reported once per period', () => {
  it('reports the first, holds the rest for the period, then reports with how many happened', () => {
    let now = 1_000;
    const lines: [string, number][] = [];
    const report = oncePer<string>(
      60_000,
      (v, since) => lines.push([v, since]),
      () => now,
    );
    report('a');
    report('b');
    now += 59_999;
    report('c');
    expect(lines).toEqual([['a', 1]]);
    now += 1;
    report('d');
    expect(lines).toEqual([
      ['a', 1],
      ['d', 3],
    ]);
  });
});
