import { ADAPTIVE, ALL_TYPES, MANDATORY, SURVEY } from '@invigil/db/seed/exam-engine-seed-data';
import { CODING_EXAM } from '@invigil/db/seed/coding-seed-data';
import type { ExamDraft, QuestionDraft } from '@invigil/db/exam-draft';
import { describe, expect, it } from 'vitest';
import type { QuestionRow } from '../exam/exam.repository.ts';
import { readContent } from './content-reader.ts';
import { exportQti } from './qti-export.ts';
import { toXhtml } from './xhtml.ts';

/** A seed draft as the repository reads it back (ids by position). */
function rows(e: ExamDraft): QuestionRow[] {
  let choiceId = 1;
  return e.questions.map((q, i) => ({
    id: i + 1,
    position: i + 1,
    qtypeCode: q.type,
    qtypeName: q.typeName,
    text: q.text,
    translations: {},
    marks: q.marks ?? 1,
    difficulty: q.difficulty ?? 1,
    resourcePath: q.resourcePath ?? null,
    passage: q.passage ?? null,
    content: q.content ?? {},
    answerKey: q.answerKey ?? {},
    choices: (q.choices ?? []).map((c, j) => ({
      id: choiceId++,
      position: j + 1,
      text: c.text,
      translations: {},
      blankKey: c.blank ?? null,
      resourcePath: null,
      isCorrect: !!c.correct,
    })),
  }));
}

/** What must survive the trip: everything but ids and where media live (HTML compared as XHTML). */
const canon = (html: string) => toXhtml(html).xhtml;
const comparable = (q: QuestionDraft) => ({
  type: q.type,
  typeName: q.typeName,
  text: canon(q.text),
  marks: q.marks ?? 1,
  difficulty: q.difficulty ?? 1,
  resource: q.resourcePath ? 'media' : null,
  passage: q.passage
    ? {
        ...q.passage,
        passagetext: canon(String(q.passage.passagetext)),
        passageImage: q.passage.passageImage ? 'media' : '',
      }
    : null,
  content: q.content ?? {},
  answerKey: q.answerKey ?? {},
  choices: (q.choices ?? []).map((c) => ({ text: canon(c.text), correct: !!c.correct, blank: c.blank ?? null })),
});

/** Any file the export reads: the first bytes of its extension's type (the import checks them, ADR 0190). */
const SIGNATURES: Record<string, string> = {
  png: '\x89PNG\r\n\x1a\n',
  jpg: '\xff\xd8\xff\xe0',
  mp3: 'ID3\x04',
  pdf: '%PDF-1.4',
  mp4: '\0\0\0\x18ftypmp42',
};
const anyMedia = async (url: string) => ({
  data: Buffer.from(`${SIGNATURES[url.split('.').pop()!] ?? ''}media`, 'latin1'),
});

async function roundTrip(e: ExamDraft) {
  const exported = await exportQti(
    {
      name: e.name,
      testType: e.testType,
      examTypeId: e.examTypeId ?? 1,
      durationSeconds: e.seconds,
      instructionText: e.instructions,
      thankYouMessage: e.thankYou,
      totalMarksToAttempt: e.totalMarksToAttempt ?? 0,
    },
    rows(e),
    anyMedia,
  );
  const back = await readContent(exported.zip);
  expect(back.problems).toEqual([]);
  return { back, notes: exported.notes };
}

describe('export to QTI 3.0, then import, gives the same test', () => {
  it.each([
    [
      'every non-media type (choice, multiple, blanks with passage, comprehension, typed, descriptive, typing, matching)',
      ALL_TYPES,
    ],
    ['coding in every language, SQL and HTML (the extension document)', CODING_EXAM],
    ['an adaptive test (difficulty pools)', ADAPTIVE],
    ['a survey', SURVEY],
    ['mandatory answers with a typing test', MANDATORY],
  ])('%s', async (_name, exam) => {
    const { back, notes } = await roundTrip(exam);
    expect(notes).toEqual([]);
    expect(back.format).toBe('qti-3.0');
    expect(back.exam).toMatchObject({
      name: exam.name,
      testType: exam.testType,
      examTypeId: exam.examTypeId ?? 1,
      seconds: exam.seconds,
      thankYou: exam.thankYou,
      totalMarksToAttempt: exam.totalMarksToAttempt ?? 0,
    });
    expect(canon(back.exam.instructions)).toBe(canon(exam.instructions));
    expect(back.exam.questions.map(comparable)).toEqual(exam.questions.map(comparable));
  });

  it('exporting the import again gives the same package (stable identifiers, order and markup)', async () => {
    const first = await roundTrip(ALL_TYPES);
    const again = await roundTrip({ ...first.back.exam });
    expect(again.back.exam.questions.map(comparable)).toEqual(first.back.exam.questions.map(comparable));
  });
});
