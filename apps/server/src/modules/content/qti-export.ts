import {
  BLANK_KEYS,
  EXTENSION_FORMAT,
  EXTENSION_RESOURCE_TYPE,
  EXTENSION_SCHEMA_PATH,
  QTYPE,
} from '@invigil/contracts';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { QuestionRow } from '../exam/exam.repository.ts';
import { choiceBlankMarker, typedBlankMarker } from './qti-item.ts';
import { RESOURCE_CLASS } from './qti-html.ts';
import { escapeAttr, escapeText } from './safe-xml.ts';
import { toXhtml } from './xhtml.ts';
import type { MediaReader } from './question-media-reader.ts';

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const MATCH_CORRECT = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml';
const EXTENSION_FILE = 'invigil-extension.invigil.json';
/** Types QTI has an interaction for; the others go to the extension document. */
const QTI_TYPES = new Set<number>([
  QTYPE.multipleChoice,
  QTYPE.multiBlank,
  QTYPE.descriptive,
  QTYPE.typedInput,
  QTYPE.matching,
]);
const SINGLE_CHOICE_TYPES = new Set([1, 13, 14, 16, 17, 18, 24, 32]);

export interface ExportExam {
  name: string;
  testType: number;
  examTypeId: number;
  durationSeconds: number;
  instructionText: string;
  thankYouMessage: string;
  totalMarksToAttempt: number;
}

/** Reads a media URL the content holds (stored item media, the web's demo media), or null. */

const isQti = (q: QuestionRow) => QTI_TYPES.has(q.qtypeCode) || SINGLE_CHOICE_TYPES.has(q.qtypeCode);

class Exporter {
  readonly files = new Map<string, Uint8Array>();
  readonly notes: string[] = [];
  private readonly media = new Map<string, string>();
  private readonly stimuli = new Map<string, { id: string; title: string }>();

  constructor(private readonly read: MediaReader) {}

  /** A media URL as a package path (the file copied in), or the URL itself when it cannot be read. */
  async mediaPath(url: string): Promise<string> {
    const known = this.media.get(url);
    if (known) return known;
    const file = url.startsWith('/media/') ? await this.read(url) : null;
    if (!file) {
      this.notes.push(`${url} could not be read and is referenced as it is.`);
      return url;
    }
    const base = url
      .split('/')
      .pop()!
      .replace(/^\d+-/, '')
      .replace(/[^A-Za-z0-9._-]/g, '_');
    const name = `media/${this.media.size + 1}-${base}`;
    this.files.set(name, file.data);
    this.media.set(url, name);
    return name;
  }

  /** Content HTML as item XHTML, its media copied into the package (paths relative to `dir`). */
  async body(html: string, dir = '../'): Promise<string> {
    let out = html;
    for (const m of html.matchAll(/\s(src|href)="(\/media\/[^"]+)"/g))
      out = out.replace(m[0], ` ${m[1]}="${escapeAttr(dir + (await this.mediaPath(m[2]!)))}"`);
    const { xhtml, exact } = toXhtml(out);
    if (!exact) this.notes.push('Some HTML was not well-formed XML and was exported as text.');
    return xhtml;
  }

  async resource(path: string | null, dir = '../'): Promise<string> {
    if (!path) return '';
    const href = escapeAttr(dir + (await this.mediaPath(path)));
    if (/\.(png|jpe?g|gif|webp|svg)$/i.test(path)) return `<img class="${RESOURCE_CLASS}" src="${href}" alt=""/>`;
    return `<object class="${RESOURCE_CLASS}" data="${href}">Resource</object>`;
  }

  async stimulus(p: Record<string, unknown>): Promise<{ id: string; title: string }> {
    const title = String(p.passageheader ?? '');
    const key = JSON.stringify([title, p.passagetext, p.passageImage]);
    const known = this.stimuli.get(key);
    if (known) return known;
    const id = `stimulus-${this.stimuli.size + 1}`;
    const image = String(p.passageImage ?? '');
    const body = (await this.body(String(p.passagetext ?? ''))) + (await this.resource(image || null));
    this.files.set(
      `stimuli/${id}.xml`,
      strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-stimulus xmlns="${NS}" identifier="${id}" title="${escapeAttr(title)}">
  <qti-stimulus-body>${body}</qti-stimulus-body>
</qti-assessment-stimulus>
`),
    );
    const s = { id, title };
    this.stimuli.set(key, s);
    return s;
  }

  get stimulusIds() {
    return [...this.stimuli.values()].map((s) => s.id);
  }
}

const decl = (id: string, card: string, base: string, values: string[]) =>
  `  <qti-response-declaration identifier="${id}" cardinality="${card}" base-type="${base}">${
    values.length
      ? `<qti-correct-response>${values.map((v) => `<qti-value>${escapeText(v)}</qti-value>`).join('')}</qti-correct-response>`
      : ''
  }</qti-response-declaration>\n`;

/** Puts each interaction at its marker in the text, or after the text in its own paragraph. */
function placeInline(text: string, markers: string[], interactions: string[]): string {
  let out = text;
  interactions.forEach((x, i) => {
    const marker = markers[i]!;
    out = out.includes(marker) ? out.replace(marker, x) : `${out}<p>${x}</p>`;
  });
  return out;
}

async function itemXml(ex: Exporter, q: QuestionRow, id: string): Promise<string> {
  let decls = '';
  let text = await ex.body(q.text);
  let block = '';
  const choiceText = (t: string) => ex.body(t);
  const code = q.qtypeCode;
  if (SINGLE_CHOICE_TYPES.has(code) || code === QTYPE.multipleChoice) {
    const multiple = code === QTYPE.multipleChoice;
    const ids = q.choices.map((_, i) => `C${i + 1}`);
    decls += decl(
      'RESPONSE',
      multiple ? 'multiple' : 'single',
      'identifier',
      ids.filter((_, i) => q.choices[i]!.isCorrect),
    );
    const opts = await Promise.all(
      q.choices.map(
        async (c, i) => `<qti-simple-choice identifier="${ids[i]}">${await choiceText(c.text)}</qti-simple-choice>`,
      ),
    );
    block = `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${multiple ? 0 : 1}">${opts.join('')}</qti-choice-interaction>`;
  } else if (code === QTYPE.multiBlank) {
    const blanks = BLANK_KEYS.filter((k) => q.choices.some((c) => c.blankKey === k));
    const inter = await Promise.all(
      blanks.map(async (k, b) => {
        const group = q.choices.filter((c) => c.blankKey === k);
        decls += decl(
          `BLANK${b + 1}`,
          'single',
          'identifier',
          group.flatMap((c, i) => (c.isCorrect ? [`B${b + 1}C${i + 1}`] : [])),
        );
        const opts = await Promise.all(
          group.map(
            async (c, i) =>
              `<qti-inline-choice identifier="B${b + 1}C${i + 1}">${await choiceText(c.text)}</qti-inline-choice>`,
          ),
        );
        return `<qti-inline-choice-interaction response-identifier="BLANK${b + 1}" shuffle="false">${opts.join('')}</qti-inline-choice-interaction>`;
      }),
    );
    text = placeInline(
      text,
      blanks.map((_, i) => choiceBlankMarker(i)),
      inter,
    );
  } else if (code === QTYPE.typedInput) {
    const answers = (q.answerKey.answers as string[] | undefined) ?? [];
    const lines = Math.max(1, Number(q.content.lines ?? answers.length) || 1);
    const inter = Array.from({ length: lines }, (_, i) => {
      decls += decl(`BOX${i + 1}`, 'single', 'string', answers[i] !== undefined ? [answers[i]!] : []);
      return `<qti-text-entry-interaction response-identifier="BOX${i + 1}"/>`;
    });
    text = placeInline(
      text,
      inter.map((_, i) => typedBlankMarker(i)),
      inter,
    );
  } else if (code === QTYPE.descriptive) {
    if (q.content.textAnswer !== false) {
      decls += decl('TEXT', 'single', 'string', []);
      block += '<qti-extended-text-interaction response-identifier="TEXT"/>';
    }
    if (q.content.fileUpload !== false) {
      decls += decl('FILE', 'single', 'file', []);
      block += '<qti-upload-interaction response-identifier="FILE"/>';
    }
  } else if (code === QTYPE.matching) {
    type Item = { id: number; text: string };
    const a = (q.content.columnA as Item[] | undefined) ?? [];
    const b = (q.content.columnB as Item[] | undefined) ?? [];
    const pairs = (q.answerKey.pairs as Array<[number, number]> | undefined) ?? [];
    const bOpts = await Promise.all(b.map(async (x) => [x.id, await choiceText(x.text)] as const));
    if (q.content.ordering) {
      const order = [...pairs].sort((x, y) => a.findIndex((i) => i.id === x[0]) - a.findIndex((i) => i.id === y[0]));
      decls += decl(
        'RESPONSE',
        'ordered',
        'identifier',
        order.map(([, bid]) => `B${bid}`),
      );
      block = `<qti-order-interaction response-identifier="RESPONSE" shuffle="false">${bOpts.map(([i, t]) => `<qti-simple-choice identifier="B${i}">${t}</qti-simple-choice>`).join('')}</qti-order-interaction>`;
    } else {
      const aOpts = await Promise.all(a.map(async (x) => [x.id, await choiceText(x.text)] as const));
      decls += decl(
        'RESPONSE',
        'multiple',
        'directedPair',
        pairs.map(([x, y]) => `A${x} B${y}`),
      );
      const set = (prefix: string, opts: ReadonlyArray<readonly [number, string]>) =>
        `<qti-simple-match-set>${opts.map(([i, t]) => `<qti-simple-associable-choice identifier="${prefix}${i}" match-max="1">${t}</qti-simple-associable-choice>`).join('')}</qti-simple-match-set>`;
      block = `<qti-match-interaction response-identifier="RESPONSE" shuffle="false" max-associations="${a.length}">${set('A', aOpts)}${set('B', bOpts)}</qti-match-interaction>`;
    }
  }
  const stimulus = q.passage ? await ex.stimulus(q.passage) : null;
  const stimulusRef = stimulus
    ? `  <qti-assessment-stimulus-ref identifier="${stimulus.id}" href="../stimuli/${stimulus.id}.xml" title="${escapeAttr(stimulus.title)}"/>\n`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS}" identifier="${id}" title="${escapeAttr(q.qtypeName)} ${id}" adaptive="false" time-dependent="false">
${decls}  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${q.marks}</qti-value></qti-default-value></qti-outcome-declaration>
${stimulusRef}  <qti-item-body>${text}${await ex.resource(q.resourcePath)}${block}</qti-item-body>
  <qti-response-processing template="${MATCH_CORRECT}"/>
</qti-assessment-item>
`;
}

/** An extension item for a type QTI has no interaction for. */
async function extensionItem(ex: Exporter, q: QuestionRow, id: string): Promise<Record<string, unknown>> {
  const base: Record<string, unknown> = { identifier: id, prompt: q.text, marks: q.marks, difficulty: q.difficulty };
  if (Object.keys(q.translations).length) base.translations = q.translations;
  if (q.resourcePath) base.media = await ex.mediaPath(q.resourcePath);
  if (q.passage) ex.notes.push(`${id}: its passage has no place in the extension format and was left out.`);
  const c = q.content;
  switch (q.qtypeCode) {
    case QTYPE.typingTest:
      return { ...base, type: 'typingTest', sourceText: String(c.sourceText ?? q.answerKey.sourceText ?? '') };
    case QTYPE.coding: {
      const item: Record<string, unknown> = { ...base, type: 'coding', languages: c.codinglang || 'all' };
      if (c.methodname) {
        item.signature = {
          classname: c.classname ?? 'Solution',
          methodname: c.methodname,
          paramtype: c.paramtype ?? '',
          paramvalue: c.paramvalue ?? '',
          methodreturntype: c.methodreturntype ?? '',
        };
      }
      if (q.answerKey.testCases) item.testCases = q.answerKey.testCases;
      if (q.answerKey.referenceSql) item.referenceSql = q.answerKey.referenceSql;
      if (c.tables) item.tables = c.tables;
      return item;
    }
    case QTYPE.spokenAnswer:
      return { ...base, type: 'spokenAnswer' };
    default:
      return { ...base, type: 'videoInterview' };
  }
}

/**
 * A test as an IMS QTI 3.0 package (zip): one item per question of a type QTI has, shared
 * passages as stimuli, media copied in, marks as MAXSCORE, the correct responses; the other
 * types, the thank-you text and adaptive pools in the extension document the manifest names.
 * Importing the package gives the same test back (ADR 0151).
 */
export async function exportQti(exam: ExportExam, questions: QuestionRow[], read: MediaReader) {
  const ex = new Exporter(read);
  const refs: string[] = [];
  const extItems: Array<Record<string, unknown>> = [];
  const itemIds: string[] = [];
  const untranslated = questions.some((q) => isQti(q) && Object.keys(q.translations).length);
  if (untranslated) ex.notes.push('Translations of QTI items are not exported.');
  for (const [i, q] of questions.entries()) {
    const id = `q${i + 1}`;
    if (isQti(q)) {
      ex.files.set(`items/${id}.xml`, strToU8(await itemXml(ex, q, id)));
      itemIds.push(id);
      refs.push(`<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml"/>`);
    } else {
      extItems.push(await extensionItem(ex, q, id));
      refs.push(`<qti-assessment-item-ref identifier="${id}" href="${EXTENSION_FILE}#${id}"/>`);
    }
  }
  const extension: Record<string, unknown> = {
    $schema: EXTENSION_SCHEMA_PATH,
    format: EXTENSION_FORMAT,
    version: 1,
    test: {
      title: exam.name,
      testType: [1, 7, 8, 14, 15].includes(exam.testType) ? exam.testType : 1,
      durationMinutes: Math.max(1, Math.ceil(exam.durationSeconds / 60)),
      instructions: exam.instructionText,
      thankYou: exam.thankYouMessage,
    },
    items: extItems,
  };
  if (exam.examTypeId === 4) {
    const pools: Record<'1' | '2' | '3', string[]> = { '1': [], '2': [], '3': [] };
    questions.forEach((q, i) =>
      pools[String(Math.min(3, Math.max(1, q.difficulty))) as '1' | '2' | '3'].push(`q${i + 1}`),
    );
    extension.adaptive = { totalMarksToAttempt: exam.totalMarksToAttempt, pools };
  }
  ex.files.set(EXTENSION_FILE, strToU8(`${JSON.stringify(extension, null, 2)}\n`));
  const rubric = exam.instructionText
    ? `<qti-rubric-block view="candidate"><qti-content-body>${await ex.body(exam.instructionText, '')}</qti-content-body></qti-rubric-block>`
    : '';
  ex.files.set(
    'test.xml',
    strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-test xmlns="${NS}" identifier="test" title="${escapeAttr(exam.name)}">
  <qti-time-limits max-time="${exam.durationSeconds}"/>
  <qti-test-part identifier="part1" navigation-mode="nonlinear" submission-mode="simultaneous">
    <qti-assessment-section identifier="section1" title="${escapeAttr(exam.name)}" visible="true">
      ${rubric}
      ${refs.join('\n      ')}
    </qti-assessment-section>
  </qti-test-part>
</qti-assessment-test>
`),
  );
  ex.files.set('imsmanifest.xml', strToU8(manifest(ex, itemIds)));
  const zip: Zippable = {};
  for (const [k, v] of ex.files) zip[k] = v;
  return { zip: Buffer.from(zipSync(zip, { level: 6 })), notes: ex.notes };
}

function manifest(ex: Exporter, itemIds: string[]): string {
  const res = (id: string, type: string, href: string) =>
    `    <resource identifier="${id}" type="${type}" href="${href}"><file href="${href}"/></resource>`;
  const lines = [
    res('test', 'imsqti_test_xmlv3p0', 'test.xml'),
    ...itemIds.map((id) => res(id, 'imsqti_item_xmlv3p0', `items/${id}.xml`)),
    ...ex.stimulusIds.map((id) => res(id, 'imsqti_stimulus_xmlv3p0', `stimuli/${id}.xml`)),
    res('extension', EXTENSION_RESOURCE_TYPE, EXTENSION_FILE),
    ...[...ex.files.keys()].filter((f) => f.startsWith('media/')).map((f, i) => res(`media-${i + 1}`, 'webcontent', f)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="${CP_NS}" identifier="invigil-export">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
${lines.join('\n')}
  </resources>
</manifest>
`;
}
