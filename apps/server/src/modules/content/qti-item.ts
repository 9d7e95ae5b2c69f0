import path from 'node:path/posix';
import { BLANK_KEYS, QTYPE, VALUE_SEPARATOR } from '@invigil/contracts';
import type { ChoiceDraft, QuestionDraft } from '@invigil/db/exam-draft';
import type { MediaBag } from './media-bag.ts';
import { correctValues, interactionsOf, marksOf, responseDeclarations, type ResponseDecl } from './qti-declarations.ts';
import { takeResource, toHtml, type HtmlContext } from './qti-html.ts';
import { packageHref } from './qti-manifest.ts';
import { childElements, descendants, firstChild, type XmlElement } from './safe-xml.ts';

/** Our names of the question types an import produces (the seed's names). */
export const TYPE_NAMES: Record<number, string> = {
  [QTYPE.singleChoice]: 'Single Choice',
  [QTYPE.multipleChoice]: 'Multiple Choice',
  [QTYPE.multiBlank]: 'Multiple Choice With Blanks',
  [QTYPE.descriptive]: 'Descriptive',
  [QTYPE.typedInput]: 'Fill in the Blanks',
  [QTYPE.typingTest]: 'Typing Test',
  [QTYPE.matching]: 'Match the Following',
  [QTYPE.passageChoice]: 'Comprehension',
  [QTYPE.coding]: 'Coding',
  [QTYPE.videoInterview]: 'Video Interview',
  [QTYPE.spokenAnswer]: 'Spoken Answer',
};

/** The blank markers in a question's text: ___(i)___ for choice blanks, ___(1)___ for typed boxes. */
const ROMAN = ['i', 'ii', 'iii'] as const;
export const choiceBlankMarker = (i: number) => `___(${ROMAN[i]})___`;
export const typedBlankMarker = (i: number) => `___(${i + 1})___`;

const SUPPORTED = new Set([
  'choiceInteraction',
  'inlineChoiceInteraction',
  'textEntryInteraction',
  'extendedTextInteraction',
  'uploadInteraction',
  'matchInteraction',
  'orderInteraction',
]);
/** At most this many typed boxes (the typed-input view's limit). */
const MAX_TYPED_BOXES = 20;
const MAX_MATCH_ITEMS = 50;

interface MappedItem {
  identifier: string;
  /** the interaction(s) it came from, for the report */
  from: string;
  question: QuestionDraft;
  /** the identifier of the shared stimulus (passage) it shows, when any */
  stimulus: string | null;
  /** the package path its stimulus reference points at (resolved against the item's file) */
  stimulusHref: string | null;
  /** what the package says that the question does not apply (ADR 0151: read and noted) */
  notes: string[];
}

export type ItemResult = { ok: true; item: MappedItem } | { ok: false; identifier: string; reasons: string[] };

interface Mapping {
  type: number;
  choices?: ChoiceDraft[];
  content?: Record<string, unknown>;
  answerKey?: Record<string, unknown>;
  /** what an interaction becomes in the question text */
  marker?: (el: XmlElement) => string | undefined;
}

function choiceTexts(el: XmlElement, name: string, ctx: HtmlContext, problems: string[]) {
  const seen = new Set<string>();
  return childElements(el, name).map((c) => {
    const id = c.attrs.identifier ?? '';
    if (!id) problems.push(`A ${name} has no identifier.`);
    if (seen.has(id)) problems.push(`Duplicate identifier "${id}" among the ${name}s.`);
    seen.add(id);
    const text = toHtml(c.children, ctx);
    if (text.includes(VALUE_SEPARATOR)) problems.push(`A choice holds "${VALUE_SEPARATOR}", the value separator.`);
    return { id, text };
  });
}

function mapChoice(el: XmlElement, d: ResponseDecl | undefined, ctx: HtmlContext, problems: string[]): Mapping {
  const correct = new Set(correctValues(d));
  const options = choiceTexts(el, 'simpleChoice', ctx, problems);
  if (options.length < 2) problems.push('A choiceInteraction needs at least two choices.');
  const multiple = (d?.cardinality ?? 'single') !== 'single' || Number(el.attrs.maxChoices ?? 1) !== 1;
  for (const c of correct)
    if (!options.some((o) => o.id === c)) problems.push(`The correct response "${c}" is no choice.`);
  return {
    type: multiple ? QTYPE.multipleChoice : QTYPE.singleChoice,
    choices: options.map((o) => ({ text: o.text, correct: correct.has(o.id) })),
  };
}

function mapInlineChoices(
  els: XmlElement[],
  decls: Map<string, ResponseDecl>,
  ctx: HtmlContext,
  problems: string[],
): Mapping {
  if (els.length > BLANK_KEYS.length)
    problems.push(`${els.length} inline choices: at most ${BLANK_KEYS.length} blanks.`);
  const choices: ChoiceDraft[] = [];
  els.slice(0, BLANK_KEYS.length).forEach((el, i) => {
    const correct = correctValues(decls.get(el.attrs.responseIdentifier ?? ''));
    const options = choiceTexts(el, 'inlineChoice', ctx, problems);
    if (correct.length !== 1 || !options.some((o) => o.id === correct[0]))
      problems.push(`Blank ${i + 1} needs exactly one correct inline choice.`);
    for (const o of options) choices.push({ text: o.text, blank: BLANK_KEYS[i], correct: o.id === correct[0] });
  });
  const index = new Map(els.map((e, i) => [e, i]));
  return {
    type: QTYPE.multiBlank,
    choices,
    marker: (el: XmlElement) => (index.has(el) ? choiceBlankMarker(index.get(el)!) : undefined),
  };
}

function mapTextEntries(els: XmlElement[], decls: Map<string, ResponseDecl>, problems: string[]): Mapping {
  if (els.length > MAX_TYPED_BOXES) problems.push(`${els.length} text entries: at most ${MAX_TYPED_BOXES} boxes.`);
  const answers = els.map((el, i) => {
    const v = correctValues(decls.get(el.attrs.responseIdentifier ?? ''))[0];
    if (v === undefined || v.trim() === '') problems.push(`Text entry ${i + 1} has no correct response.`);
    return v ?? '';
  });
  const index = new Map(els.map((e, i) => [e, i]));
  return {
    type: QTYPE.typedInput,
    content: { lines: els.length },
    answerKey: { answers },
    marker: (el) => (index.has(el) ? typedBlankMarker(index.get(el)!) : undefined),
  };
}

function mapMatch(el: XmlElement, d: ResponseDecl | undefined, ctx: HtmlContext, problems: string[]): Mapping {
  const [setA, setB] = childElements(el, 'simpleMatchSet');
  if (!setA || !setB) {
    problems.push('A matchInteraction needs two simpleMatchSets.');
    return { type: QTYPE.matching };
  }
  const a = choiceTexts(setA, 'simpleAssociableChoice', ctx, problems);
  const b = choiceTexts(setB, 'simpleAssociableChoice', ctx, problems);
  if (a.length < 2 || a.length > MAX_MATCH_ITEMS || b.length < a.length)
    problems.push(`Two-column matching needs 2 to ${MAX_MATCH_ITEMS} items and at least as many in Column B.`);
  const pairs = correctValues(d).map((v) => v.split(/\s+/));
  const byA = new Map<string, string>();
  const usedB = new Set<string>();
  for (const [x, y] of pairs) {
    if (!x || !y || byA.has(x) || usedB.has(y)) problems.push('Only one-to-one matches map to two-column matching.');
    byA.set(x ?? '', y ?? '');
    usedB.add(y ?? '');
  }
  if (a.some((x) => !byA.has(x.id)) || pairs.some(([, y]) => !b.some((z) => z.id === y)))
    problems.push('Every Column A item needs one correct Column B item.');
  return {
    type: QTYPE.matching,
    content: {
      columnA: a.map((x, i) => ({ id: i + 1, text: x.text })),
      columnB: b.map((x, i) => ({ id: 101 + i, text: x.text })),
    },
    answerKey: { pairs: a.map((x, i) => [i + 1, 101 + b.findIndex((z) => z.id === byA.get(x.id))]) },
  };
}

function mapOrder(el: XmlElement, d: ResponseDecl | undefined, ctx: HtmlContext, problems: string[]): Mapping {
  const items = choiceTexts(el, 'simpleChoice', ctx, problems);
  const order = correctValues(d);
  if (items.length < 2 || items.length > MAX_MATCH_ITEMS)
    problems.push(`Ordering needs 2 to ${MAX_MATCH_ITEMS} items.`);
  if (order.length !== items.length || items.some((x) => !order.includes(x.id)))
    problems.push('The correct order must list every item once.');
  return {
    type: QTYPE.matching,
    content: {
      ordering: true,
      columnA: items.map((_, i) => ({ id: i + 1, text: String(i + 1) })),
      columnB: items.map((x, i) => ({ id: 101 + i, text: x.text })),
    },
    answerKey: { pairs: order.map((id, i) => [i + 1, 101 + items.findIndex((x) => x.id === id)]) },
  };
}

function mapInteractions(
  found: XmlElement[],
  decls: Map<string, ResponseDecl>,
  ctx: HtmlContext,
  problems: string[],
): Mapping | null {
  const kinds = new Set(found.map((e) => e.name));
  const one = (name: string) => found.filter((e) => e.name === name);
  const declOf = (e: XmlElement) => decls.get(e.attrs.responseIdentifier ?? '');
  if (kinds.size === 1 && kinds.has('inlineChoiceInteraction')) return mapInlineChoices(found, decls, ctx, problems);
  if (kinds.size === 1 && kinds.has('textEntryInteraction')) return mapTextEntries(found, decls, problems);
  if ([...kinds].every((k) => k === 'extendedTextInteraction' || k === 'uploadInteraction')) {
    if (one('extendedTextInteraction').length > 1 || one('uploadInteraction').length > 1)
      problems.push('At most one text answer and one file upload per item.');
    const text = kinds.has('extendedTextInteraction');
    const file = kinds.has('uploadInteraction');
    return {
      type: QTYPE.descriptive,
      content: text && file ? {} : text ? { fileUpload: false } : { textAnswer: false },
    };
  }
  if (found.length !== 1) {
    problems.push(
      kinds.size === 1
        ? `${found.length} ${found[0]!.name}s in one item have no Invigil question type; put each in an item of its own.`
        : `Interactions of different kinds in one item (${[...kinds].join(', ')}) have no Invigil question type.`,
    );
    return null;
  }
  const el = found[0]!;
  if (el.name === 'choiceInteraction') return mapChoice(el, declOf(el), ctx, problems);
  if (el.name === 'matchInteraction') return mapMatch(el, declOf(el), ctx, problems);
  return mapOrder(el, declOf(el), ctx, problems);
}

/** The prompt of block interactions, appended to the question text. */
const promptsOf = (found: XmlElement[], ctx: HtmlContext) =>
  found
    .map((e) => firstChild(e, 'prompt'))
    .filter((p): p is XmlElement => !!p)
    .map((p) => toHtml(p.children, ctx))
    .filter(Boolean)
    .map((html) => (/^<(p|div|ul|ol|table|h\d)[\s>]/.test(html) ? html : `<p>${html}</p>`))
    .join('');

/**
 * What an item carries that is read, not applied (ADR 0151), for the import report: feedback,
 * shuffled choices, text answers its mapping accepts besides the correct one, partial credit.
 */
function notesOf(found: XmlElement[], item: XmlElement, body: XmlElement, decls: Map<string, ResponseDecl>): string[] {
  const notes: string[] = [];
  const feedback = ['modalFeedback', 'feedbackBlock', 'feedbackInline'];
  if (childElements(item, 'modalFeedback').length || descendants(body).some((e) => feedback.includes(e.name)))
    notes.push('its feedback is not shown to candidates.');
  if (found.some((e) => e.attrs.shuffle === 'true'))
    notes.push('its choices are shown in package order, not shuffled.');
  for (const e of found) {
    const d = decls.get(e.attrs.responseIdentifier ?? '');
    if (!d || d.mapping.size === 0) continue;
    const [key] = correctValues(d);
    if (e.name === 'textEntryInteraction') {
      const others = [...d.mapping.entries()].filter(([k, v]) => v > 0 && k.toLowerCase() !== key?.toLowerCase());
      if (others.length)
        notes.push(
          `only "${key}" is accepted; the other answers its mapping scores (${others.map(([k]) => `"${k}"`).join(', ')}) are not.`,
        );
    } else if (e.name === 'choiceInteraction') {
      // a mapping of several choices sums what is chosen; our choice questions score all or nothing
      const values = [...d.mapping.values()];
      if (d.cardinality !== 'single' || values.some((v) => v < 0) || values.filter((v) => v > 0).length > 1)
        notes.push('its mapping gives partial credit; the question is scored all or nothing.');
    }
  }
  return [...new Set(notes)];
}

/**
 * Maps one QTI assessmentItem (2.1, 2.2 or 3.0, names already normalised) to a question as the
 * seed writes it, or gives the reasons it cannot be mapped (ADR 0151).
 */
export function mapItem(item: XmlElement, file: string, media: MediaBag): ItemResult {
  const identifier = item.attrs.identifier ?? '';
  const problems: string[] = [];
  if (item.name !== 'assessmentItem') return { ok: false, identifier: file, reasons: ['Not an assessmentItem.'] };
  if (!identifier) problems.push('The item has no identifier.');
  if (item.attrs.adaptive === 'true')
    problems.push('Adaptive QTI items (several attempts with feedback) are not supported.');
  if (childElements(item, 'templateDeclaration').length)
    problems.push('Template items (values generated per candidate) are not supported.');
  const body = firstChild(item, 'itemBody');
  if (!body) return { ok: false, identifier, reasons: [...problems, 'The item has no itemBody.'] };
  // media interactions are players shown with the content (qti-html.ts), not answers
  const players = interactionsOf(body).filter((e) => e.name === 'mediaInteraction');
  const found = interactionsOf(body).filter((e) => e.name !== 'mediaInteraction');
  const unknown = [...new Set(found.map((e) => e.name).filter((n) => !SUPPORTED.has(n)))];
  for (const n of unknown) problems.push(`${n} has no Invigil question type.`);
  if (found.length === 0) problems.push('The item has no interaction to answer.');
  if (problems.length) return { ok: false, identifier, reasons: problems };
  const decls = responseDeclarations(item);
  const ctx: HtmlContext = { media, file, problems };
  const mapping = mapInteractions(found, decls, ctx, problems);
  if (!mapping) return { ok: false, identifier, reasons: problems };
  const { resource, rest } = takeResource(body.children, ctx);
  const blocks = new Set(found.filter((e) => !mapping.marker?.(e)));
  const text =
    toHtml(rest, {
      ...ctx,
      replace: (el) => mapping.marker?.(el) ?? (blocks.has(el) ? '' : undefined),
    }) + promptsOf(found, ctx);
  const stimulusRef = descendants(item, 'assessmentStimulusRef')[0];
  if (!text.trim() && !stimulusRef) problems.push('The item has no question text.');
  if (problems.length) return { ok: false, identifier, reasons: [...new Set(problems)] };
  let type = mapping.type;
  if (type === QTYPE.singleChoice && stimulusRef) type = QTYPE.passageChoice;
  return {
    ok: true,
    item: {
      identifier,
      from: [...new Set(found.map((e) => e.name))].join('+'),
      stimulus: stimulusRef?.attrs.identifier ?? null,
      notes: [
        ...notesOf(found, item, body, decls),
        ...(players.some((p) => Number(p.attrs.maxPlays ?? 0) > 0 || Number(p.attrs.minPlays ?? 0) > 0)
          ? ['its media can be played any number of times (the package limits the plays).']
          : []),
      ],
      stimulusHref: stimulusRef?.attrs.href
        ? path.normalize(path.join(path.dirname(file), packageHref(stimulusRef.attrs.href)))
        : null,
      question: {
        type,
        typeName: TYPE_NAMES[type]!,
        text,
        marks: marksOf(item, decls),
        resourcePath: resource,
        content: mapping.content ?? {},
        answerKey: mapping.answerKey ?? {},
        choices: mapping.choices ?? [],
      },
    },
  };
}
