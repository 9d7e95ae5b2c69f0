import path from 'node:path/posix';
import { packageHref } from './qti-manifest.ts';
import { descendants, firstChild, type XmlElement } from './safe-xml.ts';

export interface QtiTest {
  title: string | null;
  /** timeLimits maxTime in seconds, when the test has one */
  seconds: number | null;
  /** package paths of the items, in test order */
  itemHrefs: string[];
  /** the candidate rubric of the test (instructions), as the element holding it */
  rubric: XmlElement | null;
  notes: string[];
}

/** Reads an assessmentTest: title, time limit, item order; selection and shuffling are noted, not applied. */
export function readTest(root: XmlElement, file: string): QtiTest {
  if (root.name !== 'assessmentTest') throw new Error('The test resource does not hold an assessmentTest.');
  const notes: string[] = [];
  const limits = descendants(root, 'timeLimits').find((t) => t.attrs.maxTime);
  const max = limits ? Number(limits.attrs.maxTime) : NaN;
  if (descendants(root, 'selection').length)
    notes.push('The test selects items at random; every item was imported and is shown to every candidate.');
  if (descendants(root, 'ordering').some((o) => o.attrs.shuffle === 'true'))
    notes.push('The test shuffles items; they are shown in package order.');
  const rubric = descendants(root, 'rubricBlock').find((r) => !r.attrs.view || /candidate/.test(r.attrs.view)) ?? null;
  return {
    title: root.attrs.title?.trim() || null,
    seconds: Number.isFinite(max) && max > 0 ? Math.round(max) : null,
    itemHrefs: descendants(root, 'assessmentItemRef').map((r) =>
      path.normalize(path.join(path.dirname(file), packageHref(r.attrs.href ?? ''))),
    ),
    rubric,
    notes,
  };
}

/** A shared stimulus (assessmentStimulus): its title and body. */
export function readStimulus(root: XmlElement): { title: string; body: XmlElement } | null {
  if (root.name !== 'assessmentStimulus') return null;
  const body = firstChild(root, 'stimulusBody');
  if (!body) return null;
  return { title: root.attrs.title?.trim() ?? '', body };
}
