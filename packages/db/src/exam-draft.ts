import { choices, exams, questions } from './schema/index.ts';
import type { Db } from './create-db.ts';

/**
 * A test as the seed and the content import write it (issue 17): the one shape both produce,
 * so the engine, scoring and dashboard see imported tests exactly as demo tests. Question type
 * codes follow packages/contracts question-types.ts; `answerKey` and `correct` are server-only.
 */
export interface ChoiceDraft {
  text: string;
  correct?: boolean;
  blank?: 'BLANK1' | 'BLANK2' | 'BLANK3';
  /** hi-IN text (the seed's short form of `translations`) */
  hi?: string;
  translations?: Record<string, string>;
  resourcePath?: string | null;
}

export interface QuestionDraft {
  type: number;
  typeName: string;
  text: string;
  hi?: string;
  translations?: Record<string, string>;
  marks?: number;
  difficulty?: number;
  resourcePath?: string | null;
  passage?: Record<string, unknown> | null;
  content?: Record<string, unknown>;
  answerKey?: Record<string, unknown>;
  choices?: ChoiceDraft[];
}

export interface ExamDraft {
  name: string;
  testType: number;
  examTypeId?: number;
  seconds: number;
  languages?: string[];
  instructions: string;
  instructionsHi?: string;
  translatedInstructions?: Record<string, string>;
  totalMarksToAttempt?: number;
  thankYou: string;
  settings?: Record<string, unknown>;
  questions: QuestionDraft[];
}

/** The exam-detail flags every test starts from (the spec's defaults). */
export const BASE_SETTINGS = {
  answermandatoryflag: 0,
  navflag: 1,
  showscore: 1,
  showscoreflag: 1,
  monitoringflag: 0,
  webproctoringcount: null,
  defaultZeroProctorCheck: 0,
  include_english: 0,
  comprehensionflag: 0,
  codinglang: '',
};

/** The Drizzle handle or a transaction of it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface InsertExamOptions {
  organizationId?: number | null;
  /** An imported test definition, copied into instances by scheduling (exams.is_template). */
  isTemplate?: boolean;
}

const tr = (t: Record<string, string> | undefined, hi: string | undefined) =>
  (t ?? (hi ? { 'hi-IN': hi } : {})) as Record<string, string>;

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters. */
const CHUNK = 400;

function chunks<T>(xs: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** Writes one exam with its questions and choices (a few statements, in the caller's transaction). */
export async function insertExam(db: DbOrTx, e: ExamDraft, options: InsertExamOptions = {}): Promise<number> {
  const [exam] = await db
    .insert(exams)
    .values({
      organizationId: options.organizationId === undefined ? 1 : options.organizationId,
      name: e.name,
      testType: e.testType,
      examTypeId: e.examTypeId ?? 1,
      durationSeconds: e.seconds,
      instructionText: e.instructions,
      translatedInstructions: tr(e.translatedInstructions, e.instructionsHi),
      languages: e.languages ?? ['en-IN'],
      totalMarksToAttempt: e.totalMarksToAttempt ?? 0,
      thankYouMessage: e.thankYou,
      isTemplate: options.isTemplate ?? false,
      settings: { ...BASE_SETTINGS, comprehensionflag: e.questions.some((q) => q.passage) ? 1 : 0, ...e.settings },
    })
    .returning({ id: exams.id });
  const examId = exam!.id;
  const idByPosition = new Map<number, number>();
  const rows = e.questions.map((q, i) => ({
    examId,
    position: i + 1,
    qtypeCode: q.type,
    qtypeName: q.typeName,
    text: q.text,
    translations: tr(q.translations, q.hi),
    marks: String(q.marks ?? 1),
    difficulty: q.difficulty ?? 1,
    resourcePath: q.resourcePath ?? null,
    passage: q.passage ?? null,
    content: q.content ?? {},
    answerKey: q.answerKey ?? {},
  }));
  for (const part of chunks(rows)) {
    const ids = await db.insert(questions).values(part).returning({ id: questions.id, position: questions.position });
    for (const r of ids) idByPosition.set(r.position, r.id);
  }
  const choiceRows = e.questions.flatMap((q, i) =>
    (q.choices ?? []).map((c, j) => ({
      questionId: idByPosition.get(i + 1)!,
      position: j + 1,
      text: c.text,
      translations: tr(c.translations, c.hi),
      blankKey: c.blank ?? null,
      resourcePath: c.resourcePath ?? null,
      isCorrect: !!c.correct,
    })),
  );
  for (const part of chunks(choiceRows)) await db.insert(choices).values(part);
  return examId;
}
