import {
  BLANK_KEYS,
  BUTTON_STYLE,
  DEFAULT_LANGUAGE,
  QTYPE,
  TRANSLATION_MISSING,
  VALUE_SEPARATOR,
  isAnswered,
  reducedProctorCount,
  type AnswerValue,
  type ExamDetail,
  type QuestionItem,
} from '@invigil/contracts';
import { monitoringSettings } from '../../lib/monitoring.ts';
import { codingFieldsOf } from '../coding/boilerplate.ts';
import type { Attempt, QuestionRow, StoredAnswer } from './exam.repository.ts';
import type { ItemIds, MatchIds } from './item-ids.ts';

const flag = (v: unknown, fallback = 0) => (v === undefined || v === null || v === '' ? fallback : Number(v) || 0);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The exam detail a candidate sees; time_remaining comes from the server's clock and deadline. */
export function toExamDetail(a: Attempt, timeRemaining: number): ExamDetail {
  const s = a.exam.settings;
  const lang = a.selectedLanguage ?? DEFAULT_LANGUAGE;
  // read as getMonitoringData, the start check and the gap sweep read them ('Y', 'true', '0'...)
  const monitoring = monitoringSettings(s);
  const rawCount = s.webproctoringcount;
  const defaultZero = flag(s.defaultZeroProctorCheck);
  const reduced =
    rawCount === null || rawCount === undefined
      ? null
      : reducedProctorCount(Number(rawCount), a.windowSwitchCount, defaultZero);
  return {
    id: a.id,
    userid: a.userId,
    instanceid: a.examId,
    instancename: a.exam.name,
    instruction_text: a.exam.instructionText,
    translated_instructions: lang !== DEFAULT_LANGUAGE ? (a.exam.translatedInstructions[lang] ?? null) : null,
    status: a.status,
    test_type: a.exam.testType,
    examtypeid: a.exam.examTypeId,
    time_remaining: timeRemaining,
    total_test_time: a.exam.durationSeconds,
    totalmarkstoattempt: a.exam.totalMarksToAttempt,
    comprehensionflag: flag(s.comprehensionflag),
    answermandatoryflag: flag(s.answermandatoryflag),
    navflag: flag(s.navflag, 1),
    showscore: flag(s.showscore),
    showscoreflag: flag(s.showscoreflag),
    thankyoumessage: a.exam.thankYouMessage,
    reporttemplate: (s.reporttemplate as string) ?? null,
    selectedLanguage: lang,
    include_english: flag(s.include_english),
    speechlang: (s.speechlang as string) ?? null,
    monitoringflag: monitoring.monitoring ? 1 : 0,
    speaker_dialect: monitoring.speaker_dialect,
    webproctoringcount: reduced ? reduced.count : null,
    webproctoringzero: reduced ? reduced.zero : false,
    defaultZeroProctorCheck: defaultZero,
    abort_reason: a.abortReason,
    codinglang: codingSetting(a),
    windowSwitchCount: a.windowSwitchCount,
    languages: a.exam.languages,
  };
}

/** The exam's coding language setting ('all', 'all-p' / 'all_p' or one language). */
export const codingSetting = (a: Attempt): string | null => (a.exam.settings.codinglang as string) || null;

/** A small seeded PRNG (mulberry32): Column B's shuffle is stable per attempt and question. */
function seeded(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  const rnd = seeded(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  // Never hand out the answer order itself.
  if (out.length > 1 && out.every((x, i) => x === items[i])) out.push(out.shift()!);
  return out;
}

const tr = (translations: Record<string, string> | undefined, lang: string) =>
  lang === DEFAULT_LANGUAGE ? null : (translations?.[lang] ?? null);

/** Only what a view needs: never answerKey, isCorrect or correctid; matching items under opaque ids. */
function contentFor(q: QuestionRow, lang: string, seed: number, ids: MatchIds): QuestionItem['questionContent'] {
  const c = q.content;
  if (q.qtypeCode === QTYPE.matching) {
    type Item = { id: number; text: string; translations?: Record<string, string> };
    const map = (items: Item[], opaque: Map<number, number>) =>
      items.map((x) => ({ id: opaque.get(x.id) ?? 0, text: x.text, translated: tr(x.translations, lang) }));
    return {
      columnA: map((c.columnA as Item[]) ?? [], ids.columnA),
      columnB: shuffled(map((c.columnB as Item[]) ?? [], ids.columnB), seed),
    };
  }
  if (q.qtypeCode === QTYPE.typingTest) return { sourceText: String(c.sourceText ?? '') };
  if (q.qtypeCode === QTYPE.typedInput) return { lines: Math.max(1, Math.min(20, Number(c.lines ?? 1))) };
  // An imported descriptive question may take only text or only a file (ADR 0151); the seed's take both.
  if (q.qtypeCode === QTYPE.descriptive && (c.fileUpload === false || c.textAnswer === false))
    return { fileUpload: c.fileUpload !== false, textAnswer: c.textAnswer !== false };
  return null;
}

export function toQuestionItem(
  q: QuestionRow,
  index: number,
  lang: string,
  userExamId: number,
  itemIds: ItemIds,
  stored?: StoredAnswer,
  examCodingLang?: string | null,
): QuestionItem {
  const plain = q.choices.filter((c) => !c.blankKey);
  const join = (xs: string[]) => xs.join(VALUE_SEPARATOR);
  const item: QuestionItem = {
    qid: q.id,
    index,
    qtext: q.text,
    translated_qtext: tr(q.translations, lang),
    qtypecode: q.qtypeCode,
    qtypename: q.qtypeName,
    questiontypename: q.qtypeName,
    qmarks: q.marks,
    qdifficultylevelid: q.difficulty,
    qresourcepath: q.resourcePath,
    question_resource_url: q.resourcePath,
    choiceid: join(plain.map((c) => String(c.id))),
    choicetext: join(plain.map((c) => c.text)),
    chkey: join(plain.map((_, i) => LETTERS[i] ?? String(i + 1))),
    chresourcepath: join(plain.map((c) => c.resourcePath ?? '')),
    choice_resource_url: join(plain.map((c) => c.resourcePath ?? '')),
    translated_choicetext: join(
      plain.map((c) => (lang === DEFAULT_LANGUAGE ? c.text : (c.translations[lang] ?? TRANSLATION_MISSING))),
    ),
    questionContent: contentFor(q, lang, userExamId * 7919 + q.id, itemIds.matching(userExamId, q)),
    answerStatus: false,
    buttonStyle: BUTTON_STYLE.notVisited,
    timeSpend: 0,
    disabled: false,
    seq: 0,
  };
  if (q.qtypeCode === QTYPE.coding) Object.assign(item, codingFieldsOf(q.content, q.answerKey, examCodingLang));
  const blanks = q.choices.filter((c) => c.blankKey);
  if (blanks.length) {
    item.blanks = {};
    for (const key of BLANK_KEYS) {
      const group = blanks.filter((c) => c.blankKey === key);
      if (!group.length) continue;
      item.blanks[key] = {
        choiceid: join(group.map((c) => String(c.id))),
        choicetext: join(group.map((c) => c.text)),
        translated_choicetext: join(
          group.map((c) => (lang === DEFAULT_LANGUAGE ? c.text : (c.translations[lang] ?? TRANSLATION_MISSING))),
        ),
      };
    }
  }
  if (q.passage) {
    type PassageText = { passageheader?: unknown; passagetext?: unknown };
    const p = q.passage as Record<string, unknown> & { translations?: Record<string, PassageText | undefined> };
    item.passageheader = String(p.passageheader ?? '');
    item.passagetext = String(p.passagetext ?? '');
    item.passageImage = String(p.passageImage ?? '');
    item.passageImageURL = String(p.passageImage ?? '');
    item.passageQuestionNo = String(p.passageQuestionNo ?? '');
    const t = p.translations?.[lang];
    if (t) {
      item.translated_passageheader = String(t.passageheader ?? '');
      item.translated_passagetext = String(t.passagetext ?? '');
    }
  }
  if (stored)
    applyAnswer(item, stored.value, stored.seq, blanks.length ? Object.keys(item.blanks ?? {}).length : undefined);
  return item;
}

function applyAnswer(item: QuestionItem, value: AnswerValue, seq: number, blankCount?: number) {
  Object.assign(item, value);
  item.seq = seq;
  item.answerStatus = isAnswered({ ...item, blankCount });
  // The grid style follows the answered rule; Marked Review is the candidate's own mark.
  if (value.buttonStyle !== BUTTON_STYLE.markedReview) {
    item.buttonStyle = item.answerStatus
      ? BUTTON_STYLE.answered
      : value.buttonStyle === BUTTON_STYLE.notVisited
        ? BUTTON_STYLE.notVisited
        : BUTTON_STYLE.notAnswered;
  }
}

/**
 * A question item before the attempt's clock runs (ADR 0198): the spec's flow loads the test on
 * the instructions page, so `userTest` answers every item then (ids, kinds, marks: what the
 * client keeps and sends back with `startExam`), but nothing a candidate could work on with the
 * time unspent: no text, choices, passage, media or coding fields. The items come whole once the
 * attempt has its deadline.
 */
export function toQuestionOutline(item: QuestionItem): QuestionItem {
  return {
    qid: item.qid,
    index: item.index,
    qtext: '',
    translated_qtext: null,
    qtypecode: item.qtypecode,
    qtypename: item.qtypename,
    questiontypename: item.questiontypename,
    qmarks: item.qmarks,
    qdifficultylevelid: item.qdifficultylevelid,
    qresourcepath: null,
    question_resource_url: null,
    choiceid: '',
    choicetext: '',
    chkey: '',
    chresourcepath: '',
    choice_resource_url: '',
    translated_choicetext: '',
    questionContent: null,
    answerStatus: item.answerStatus,
    buttonStyle: item.buttonStyle,
    timeSpend: item.timeSpend,
    disabled: item.disabled,
    seq: item.seq,
  };
}
