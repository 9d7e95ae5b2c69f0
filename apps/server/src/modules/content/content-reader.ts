import { EXTENSION_FORMAT, type ExtensionDocument, type ImportProblem, type ImportReport } from '@invigil/contracts';
import type { ExamDraft, QuestionDraft } from '@invigil/db/exam-draft';
import { mapExtensionItem, parseExtension } from './extension-import.ts';
import { unsafeHtmlReason, withoutDataAttributes } from './html-safety.ts';
import { MediaBag } from './media-bag.ts';
import { toHtml, takeResource } from './qti-html.ts';
import { mapItem } from './qti-item.ts';
import { readManifest, type Manifest, type ManifestResource } from './qti-manifest.ts';
import { readStimulus, readTest, type QtiTest } from './qti-test.ts';
import { parseXml, XmlError, type XmlElement } from './safe-xml.ts';
import { readZip, ZipError, type ZipLimits } from './safe-zip.ts';

/** What reading a package or extension document gave: a test to write, or the problems why not. */
export interface ContentResult {
  format: string;
  title: string;
  exam: ExamDraft;
  items: ImportReport['items'];
  problems: ImportProblem[];
  notes: string[];
  media: MediaBag;
}

interface Collected {
  /** the place in the test (its item references' order), else after every referenced item */
  seq: number;
  identifier: string;
  from: string;
  question: QuestionDraft;
  stimulus: string | null;
  stimulusHref?: string | null;
}

const DEFAULT_SECONDS = 30 * 60;
const MAX_ITEMS = 5000;
/**
 * Characters of one question as stored (text, choices, passage, keys): every candidate's page
 * loads the whole test at once, so one 8 MB item would be sent to each of them (ADR 0180).
 */
const MAX_QUESTION_CHARS = 500_000;

class Reader {
  readonly problems: ImportProblem[] = [];
  readonly notes: string[] = [];
  readonly collected: Collected[] = [];
  private readonly ids = new Map<string, string>();
  /** extension items the test references (`<file>#<identifier>`), by their place in the test */
  readonly extensionSeq = new Map<string, number>();
  readonly media: MediaBag;
  extension: ExtensionDocument | null = null;
  /** the QTI test's own time limit, when it has one */
  qtiSeconds: number | null = null;

  constructor(readonly files: ReadonlyMap<string, Buffer>) {
    this.media = new MediaBag(files);
  }

  problem(item: string, reason: string) {
    this.problems.push({ item, reason });
  }

  /** A new item identifier, or a problem when one was seen already. */
  claim(identifier: string, where: string): boolean {
    const first = this.ids.get(identifier);
    if (first !== undefined) {
      this.problem(identifier, `Duplicate identifier "${identifier}" (${where}; also ${first}).`);
      return false;
    }
    this.ids.set(identifier, where);
    return true;
  }

  xml(file: string, item: string): XmlElement | null {
    const data = this.files.get(file);
    if (!data) {
      this.problem(item, `The manifest names "${file}", which is not in the package.`);
      return null;
    }
    try {
      return parseXml(data);
    } catch (e) {
      this.problem(item, `${file}: ${e instanceof XmlError ? e.message : 'unreadable XML'}`);
      return null;
    }
  }

  addExtension(raw: unknown, file: string) {
    const parsed = parseExtension(raw);
    if ('reasons' in parsed) {
      for (const r of parsed.reasons) this.problem(file, r);
      return;
    }
    if (this.extension) return this.problem(file, 'A package may reference one extension document.');
    this.extension = parsed.doc;
    for (const part of ['instructions', 'thankYou'] as const) {
      const html = parsed.doc.test?.[part];
      const unsafe = html ? unsafeHtmlReason(html) : null;
      if (unsafe) this.problem(file, `The test's ${part}: ${unsafe}.`);
    }
    for (const item of parsed.doc.items) {
      if (!this.claim(item.identifier, file)) continue;
      const r = mapExtensionItem(item, file, this.media);
      for (const reason of r.reasons) this.problem(r.identifier, reason);
      const seq = this.extensionSeq.get(item.identifier) ?? 1e9 + this.collected.length;
      if (r.question)
        this.collected.push({ seq, identifier: r.identifier, from: r.from, question: r.question, stimulus: null });
    }
  }

  /** Difficulty pools of an adaptive test: every question in exactly one pool. */
  applyPools(exam: ExamDraft) {
    const adaptive = this.extension?.adaptive;
    if (!adaptive) return;
    const level = new Map<string, number>();
    for (const [key, ids] of Object.entries(adaptive.pools))
      for (const id of ids) {
        if (level.has(id)) this.problem(id, 'The item is in more than one difficulty pool.');
        level.set(id, Number(key));
      }
    const known = new Set(this.collected.map((c) => c.identifier));
    for (const id of level.keys())
      if (!known.has(id)) this.problem(id, 'A difficulty pool names an item the test does not have.');
    for (const c of this.collected) {
      const d = level.get(c.identifier);
      if (d === undefined) this.problem(c.identifier, 'In an adaptive test every item belongs to a difficulty pool.');
      else c.question.difficulty = d;
    }
    exam.examTypeId = 4;
    exam.totalMarksToAttempt = adaptive.totalMarksToAttempt;
  }
}

function readJson(data: Buffer, file: string, reader: Reader) {
  try {
    reader.addExtension(JSON.parse(data.toString('utf8')), file);
  } catch (e) {
    reader.problem(file, e instanceof SyntaxError ? `Not valid JSON: ${e.message}` : 'Unreadable extension document.');
  }
}

/** Passages: each item's stimulus read once, with the numbers of the questions that share it. */
function attachStimuli(reader: Reader, manifest: Manifest) {
  const byId = new Map(manifest.resources.filter((r) => r.kind === 'stimulus').map((r) => [r.identifier, r]));
  const cache = new Map<string, Record<string, unknown> | null>();
  const users = new Map<string, number[]>();
  reader.collected.forEach((c, i) => c.stimulus && users.set(c.stimulus, [...(users.get(c.stimulus) ?? []), i + 1]));
  for (const c of reader.collected) {
    if (!c.stimulus) continue;
    if (!cache.has(c.stimulus)) {
      // the reference's href says which file; its identifier need not be the manifest resource's
      const href =
        c.stimulusHref && reader.files.has(c.stimulusHref)
          ? c.stimulusHref
          : (byId.get(c.stimulus) ?? manifest.resources.find((r) => r.href.includes(c.stimulus!)))?.href;
      const res = href ? { href } : null;
      const root = res ? reader.xml(res.href, c.stimulus) : null;
      const s = root ? readStimulus(root) : null;
      if (!s) {
        reader.problem(c.identifier, `The shared stimulus "${c.stimulus}" is missing from the package.`);
        cache.set(c.stimulus, null);
        continue;
      }
      const problems: string[] = [];
      const ctx = { media: reader.media, file: res!.href, problems };
      const { resource, rest } = takeResource(s.body.children, ctx);
      const passagetext = toHtml(rest, ctx);
      for (const p of problems) reader.problem(c.stimulus, p);
      cache.set(c.stimulus, { passageheader: s.title, passagetext, passageImage: resource ?? '' });
    }
    const passage = cache.get(c.stimulus);
    if (passage) c.question.passage = { ...passage, passageQuestionNo: (users.get(c.stimulus) ?? []).join(',') };
  }
}

/**
 * The QTI items to read, in test order. A test reference `<extension file>#<identifier>` puts
 * an extension item in its place (recorded in reader.extensionSeq); without a test, manifest order.
 */
function itemResources(
  manifest: Manifest,
  test: QtiTest | null,
  reader: Reader,
): Array<ManifestResource & { seq: number }> {
  const items = manifest.resources.filter((r) => r.kind === 'item');
  if (!test) return items.map((r, seq) => ({ ...r, seq }));
  const byHref = new Map(items.map((r) => [r.href, r]));
  const extensions = new Set(manifest.resources.filter((r) => r.kind === 'extension').map((r) => r.href));
  const ordered: Array<ManifestResource & { seq: number }> = [];
  test.itemHrefs.forEach((h, seq) => {
    const [file, fragment] = h.split('#') as [string, string | undefined];
    if (fragment !== undefined && extensions.has(file)) reader.extensionSeq.set(fragment, seq);
    else
      ordered.push({
        ...(byHref.get(h) ?? { identifier: h, type: '', kind: 'item' as const, href: h, files: [] }),
        seq,
      });
  });
  const used = new Set(test.itemHrefs);
  const left = items.filter((r) => !used.has(r.href));
  if (left.length)
    reader.notes.push(`${left.length} item(s) of the manifest are not in the test and were not imported.`);
  return ordered;
}

function readQti(reader: Reader, exam: ExamDraft, titleOverride?: string): { format: string; title: string } {
  const root = reader.xml('imsmanifest.xml', 'manifest');
  if (!root) return { format: 'qti', title: titleOverride ?? '' };
  let manifest: Manifest;
  try {
    manifest = readManifest(root);
  } catch (e) {
    reader.problem('manifest', (e as Error).message);
    return { format: 'qti', title: titleOverride ?? '' };
  }
  for (const r of manifest.resources) {
    for (const f of new Set([r.href, ...r.files].filter(Boolean)))
      if (!reader.files.has(f))
        reader.problem(r.identifier || 'manifest', `The manifest names "${f}", which is not in the package.`);
  }
  const testRes = manifest.resources.find((r) => r.kind === 'test');
  let test: QtiTest | null = null;
  const testRoot = testRes && reader.files.has(testRes.href) ? reader.xml(testRes.href, testRes.identifier) : null;
  if (testRoot) {
    try {
      test = readTest(testRoot, testRes!.href);
      reader.notes.push(...test.notes);
    } catch (e) {
      reader.problem(testRes!.identifier, (e as Error).message);
    }
  }
  const resources = itemResources(manifest, test, reader);
  if (resources.length > MAX_ITEMS) reader.problem('package', `The package has more than ${MAX_ITEMS} items.`);
  const inManifest = new Set(manifest.resources.flatMap((r) => [r.href, ...r.files]));
  for (const r of resources.slice(0, MAX_ITEMS)) {
    if (!reader.files.has(r.href)) {
      // a manifest file that is missing was reported above; one only the test names is the test's
      if (!inManifest.has(r.href))
        reader.problem(r.identifier || r.href, `The test names "${r.href}", which is not in the package.`);
      continue;
    }
    const itemRoot = reader.xml(r.href, r.identifier || r.href);
    if (!itemRoot) continue;
    const mapped = mapItem(itemRoot, r.href, reader.media);
    if (!mapped.ok) {
      for (const reason of mapped.reasons) reader.problem(mapped.identifier || r.href, reason);
      continue;
    }
    if (!reader.claim(mapped.item.identifier, r.href)) continue;
    const { notes, ...item } = mapped.item;
    reader.collected.push({ ...item, seq: r.seq });
    for (const n of notes) reader.notes.push(`${item.identifier}: ${n}`);
  }
  for (const ext of manifest.resources.filter((r) => r.kind === 'extension')) {
    const data = reader.files.get(ext.href);
    if (data) readJson(data, ext.href, reader);
  }
  reader.collected.sort((a, b) => a.seq - b.seq);
  attachStimuli(reader, manifest);
  if (test?.seconds) exam.seconds = reader.qtiSeconds = test.seconds;
  if (test?.rubric) {
    const problems: string[] = [];
    exam.instructions = toHtml(test.rubric.children, { media: reader.media, file: testRes!.href, problems });
    for (const p of problems) reader.problem(testRes!.identifier, p);
  }
  return { format: manifest.format, title: titleOverride ?? test?.title ?? manifest.title ?? '' };
}

/** Why a zip without a root manifest is refused; a folder zipped whole is named, with the fix. */
function noManifestReason(files: ReadonlyMap<string, Buffer>): string {
  const nested = [...files.keys()].filter((f) => /^[^/]+\/imsmanifest\.xml$/.test(f) && !f.startsWith('__MACOSX/'));
  const only = nested.length === 1 ? nested[0]!.slice(0, -'imsmanifest.xml'.length) : null;
  return only
    ? `The package has no imsmanifest.xml at its root; it is in "${only}": zip the contents of that folder, not the folder.`
    : 'The package has no imsmanifest.xml at its root.';
}

/**
 * Reads an upload: a QTI package (zip with imsmanifest.xml; 3.0, 2.2 or 2.1, optionally with
 * an extension document) or an extension document alone (JSON). Nothing is written: the result
 * says what the test would be, or every problem found (all items are checked, not only the first).
 */
export async function readContent(
  data: Buffer,
  options: { fileName?: string; title?: string; zipLimits?: ZipLimits } = {},
): Promise<ContentResult> {
  const exam: ExamDraft = {
    name: '',
    testType: 1,
    examTypeId: 1,
    totalMarksToAttempt: 0,
    seconds: DEFAULT_SECONDS,
    instructions: '',
    thankYou: '',
    questions: [],
  };
  let reader: Reader;
  let meta: { format: string; title: string };
  if (data.subarray(0, 2).toString('latin1') === 'PK') {
    let files: Map<string, Buffer>;
    try {
      files = await readZip(data, options.zipLimits);
    } catch (e) {
      reader = new Reader(new Map());
      reader.problem('package', e instanceof ZipError ? e.message : 'The package cannot be read.');
      return finish(reader, exam, { format: 'qti', title: options.title ?? '' });
    }
    reader = new Reader(files);
    if (!files.has('imsmanifest.xml')) {
      reader.problem('package', noManifestReason(files));
      return finish(reader, exam, { format: 'qti', title: options.title ?? '' });
    }
    meta = readQti(reader, exam, options.title);
  } else if (
    !/^\s*[{[]/.test(
      data
        .subarray(0, 64)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
  ) {
    reader = new Reader(new Map());
    reader.problem(
      options.fileName ?? 'document',
      'The file is neither a QTI package (zip) nor an extension document (JSON).',
    );
    return finish(reader, exam, { format: 'qti', title: options.title ?? '' });
  } else {
    reader = new Reader(new Map());
    readJson(data, options.fileName ?? 'document', reader);
    if (reader.extension && !reader.extension.test)
      reader.problem('document', 'An extension document imported on its own needs its "test" section.');
    meta = { format: EXTENSION_FORMAT, title: options.title ?? '' };
  }
  return finish(reader, exam, meta);
}

function finish(reader: Reader, exam: ExamDraft, meta: { format: string; title: string }): ContentResult {
  const ext = reader.extension?.test;
  if (ext) {
    exam.testType = ext.testType;
    if (!exam.instructions) exam.instructions = withoutDataAttributes(ext.instructions);
    exam.thankYou = withoutDataAttributes(ext.thankYou);
    if (!reader.qtiSeconds) exam.seconds = ext.durationMinutes * 60;
  }
  exam.name = (meta.title || ext?.title || 'Imported test').slice(0, 300);
  reader.applyPools(exam);
  if (reader.collected.length === 0 && reader.problems.length === 0)
    reader.problem('package', 'The package has no question to import.');
  for (const c of reader.collected) {
    const size = JSON.stringify(c.question).length;
    if (size > MAX_QUESTION_CHARS)
      reader.problem(
        c.identifier,
        `The item is too large: ${size} characters of content; at most ${MAX_QUESTION_CHARS} per question.`,
      );
  }
  exam.questions = reader.collected.map((c) => c.question);
  return {
    format: meta.format,
    title: exam.name,
    exam,
    items: reader.collected.map((c) => ({
      identifier: c.identifier,
      from: c.from,
      qtypecode: c.question.type,
      qtypename: c.question.typeName,
    })),
    problems: reader.problems,
    notes: reader.notes,
    media: reader.media,
  };
}
