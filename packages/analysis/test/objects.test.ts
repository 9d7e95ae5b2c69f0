import { describe, expect, it } from 'vitest';
import { summarise } from '../src/image/face-analysis.ts';
import type { HumanResult } from '../src/image/human-engine.ts';

/** what Human reports for the objects of one picture (no face) */
const withObjects = (...object: [label: string, score: number][]) =>
  ({ face: [], object: object.map(([label, score]) => ({ label, score })) }) as unknown as HumanResult;

describe('objects in the background (ADR 0224)', () => {
  it('names what a candidate could read from or ask with', () => {
    const a = summarise(
      withObjects(['cell phone', 0.5], ['book', 0.4], ['laptop', 0.6], ['tv', 0.7], ['remote', 0.35]),
      550,
      450,
      0,
    );
    expect(a.objects.map((o) => o.label)).toEqual(['cell phone', 'book', 'laptop', 'tv', 'remote']);
  });

  it('leaves out the candidate’s own keyboard and mouse, furniture and people', () => {
    const a = summarise(withObjects(['keyboard', 0.9], ['mouse', 0.8], ['chair', 0.9], ['person', 0.95]), 550, 450, 0);
    expect(a.objects).toEqual([]);
  });

  it('leaves out a doubtful detection', () => {
    expect(summarise(withObjects(['cell phone', 0.29]), 550, 450, 0).objects).toEqual([]);
  });
});
