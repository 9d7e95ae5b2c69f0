import { ExtensionDocument, QTYPE, type ExtensionItem } from '@invigil/contracts';
import type { QuestionDraft } from '@invigil/db/exam-draft';
import { unsafeHtmlReason, withoutDataAttributes } from './html-safety.ts';
import type { MediaBag } from './media-bag.ts';
import { TYPE_NAMES } from './qti-item.ts';

const SQL = new Set(['sql', 'pgsql', 'mysql']);

export interface ExtensionItemResult {
  identifier: string;
  from: string;
  question?: QuestionDraft;
  reasons: string[];
}

/** Parses and validates an extension document; the zod issues as readable reasons. */
export function parseExtension(raw: unknown): { doc: ExtensionDocument } | { reasons: string[] } {
  const parsed = ExtensionDocument.safeParse(raw);
  if (parsed.success) return { doc: parsed.data };
  return {
    reasons: parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.') || 'document'}: ${i.message}`),
  };
}

function coding(item: Extract<ExtensionItem, { type: 'coding' }>, reasons: string[]) {
  const lang = item.languages;
  const content: Record<string, unknown> = {};
  if (lang !== 'all') content.codinglang = lang;
  if (item.signature) Object.assign(content, { classname: item.signature.classname ?? 'Solution', ...item.signature });
  if (item.tables) content.tables = item.tables;
  const answerKey: Record<string, unknown> = {};
  // As the seed keeps them: `hidden` only on hidden cases.
  if (item.testCases.length)
    answerKey.testCases = item.testCases.map(({ hidden, ...c }) => (hidden ? { ...c, hidden } : c));
  if (item.referenceSql) answerKey.referenceSql = item.referenceSql;
  if (SQL.has(lang)) {
    if (!item.referenceSql || !item.tables?.length) reasons.push('A SQL question needs referenceSql and tables.');
  } else if (item.testCases.length === 0) reasons.push('A coding question needs at least one test case.');
  if (!SQL.has(lang) && lang !== 'html' && item.signature && item.testCases.some((t) => !Array.isArray(t.input)))
    reasons.push('A function problem takes its test inputs as arrays (one value per parameter).');
  return { content, answerKey };
}

/**
 * One extension item as the seed writes that kind of question: typing test (6), coding (20,
 * test cases and reference SQL in the server-only answer key), video interview (27), spoken
 * answer (28). `file` is the document's package path (media references start there).
 */
export function mapExtensionItem(item: ExtensionItem, file: string, media: MediaBag): ExtensionItemResult {
  const reasons: string[] = [];
  for (const [where, html] of [['prompt', item.prompt], ...Object.entries(item.translations ?? {})] as const) {
    const unsafe = unsafeHtmlReason(html);
    if (unsafe) reasons.push(`The ${where === 'prompt' ? 'prompt' : `${where} translation`}: ${unsafe}.`);
  }
  let resourcePath: string | null = null;
  if (item.media) {
    const r = media.resolve(file, item.media);
    if ('problem' in r) reasons.push(r.problem);
    else resourcePath = r.url;
  }
  const base = {
    text: withoutDataAttributes(item.prompt),
    translations: Object.fromEntries(
      Object.entries(item.translations ?? {}).map(([lang, html]) => [lang, withoutDataAttributes(html)]),
    ),
    marks: item.marks,
    difficulty: item.difficulty,
    resourcePath,
  };
  let question: QuestionDraft;
  switch (item.type) {
    case 'typingTest':
      question = {
        ...base,
        type: QTYPE.typingTest,
        typeName: TYPE_NAMES[QTYPE.typingTest]!,
        content: { sourceText: item.sourceText },
        answerKey: { sourceText: item.sourceText },
      };
      break;
    case 'coding':
      question = { ...base, type: QTYPE.coding, typeName: TYPE_NAMES[QTYPE.coding]!, ...coding(item, reasons) };
      break;
    case 'spokenAnswer':
      question = { ...base, type: QTYPE.spokenAnswer, typeName: TYPE_NAMES[QTYPE.spokenAnswer]! };
      break;
    case 'videoInterview':
      question = { ...base, type: QTYPE.videoInterview, typeName: TYPE_NAMES[QTYPE.videoInterview]! };
      break;
  }
  return { identifier: item.identifier, from: `extension:${item.type}`, question, reasons };
}
