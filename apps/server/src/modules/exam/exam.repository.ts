import type { Database } from '@invigil/db';
import { FILES_PATH, PHOTO_CHECK_RUNS, RECORDED_DESCRIPTIVE_TEXT, type AnswerValue } from '@invigil/contracts';
import { ownFilesOnly } from './answer-changes.ts';
import { boundedTimeSpendSql } from './time-spent.ts';
import {
  date,
  num,
  type AnswerDbRow,
  type AttemptDbRow,
  type ChoiceDbRow,
  type QuestionDbRow,
  type UpsertDbRow,
} from './exam.rows.ts';

/** An attempt (user-exam) joined with its exam: domain names, never raw rows. */
export interface Attempt {
  id: number;
  userId: number;
  examId: number;
  status: string;
  /** When the test opens for this candidate (the availability window's start). */
  scheduledAt: Date | null;
  startedAt: Date | null;
  deadlineAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
  selectedLanguage: string | null;
  windowSwitchCount: number;
  abortReason: string | null;
  resultStatus: string | null;
  resultDate: Date | null;
  obtainedMarks: number | null;
  totalMarks: number | null;
  percentage: number | null;
  now: Date;
  exam: {
    name: string;
    testType: number;
    examTypeId: number;
    durationSeconds: number;
    instructionText: string;
    translatedInstructions: Record<string, string>;
    languages: string[];
    totalMarksToAttempt: number;
    thankYouMessage: string;
    settings: Record<string, unknown>;
  };
}

export interface QuestionRow {
  id: number;
  position: number;
  qtypeCode: number;
  qtypeName: string;
  text: string;
  translations: Record<string, string>;
  marks: number;
  difficulty: number;
  resourcePath: string | null;
  passage: Record<string, unknown> | null;
  content: Record<string, unknown>;
  /** Server-only. */
  answerKey: Record<string, unknown>;
  choices: ChoiceRow[];
}

interface ChoiceRow {
  id: number;
  position: number;
  text: string;
  translations: Record<string, string>;
  blankKey: string | null;
  resourcePath: string | null;
  /** Server-only. */
  isCorrect: boolean;
}

export interface StoredAnswer {
  qid: number;
  seq: number;
  value: AnswerValue;
}

function toAttempt(r: AttemptDbRow): Attempt {
  return {
    id: r.id,
    userId: r.user_id,
    examId: r.exam_id,
    status: r.status,
    scheduledAt: date(r.scheduled_at),
    startedAt: date(r.started_at),
    deadlineAt: date(r.deadline_at),
    finishedAt: date(r.finished_at),
    expiresAt: date(r.expires_at),
    selectedLanguage: r.selected_language,
    windowSwitchCount: r.window_switch_count,
    abortReason: r.abort_reason,
    resultStatus: r.result_status,
    resultDate: date(r.result_date),
    obtainedMarks: num(r.obtained_marks),
    totalMarks: num(r.total_marks),
    percentage: num(r.percentage),
    now: new Date(r.now),
    exam: {
      name: r.name,
      testType: r.test_type,
      examTypeId: r.exam_type_id,
      durationSeconds: r.duration_seconds,
      instructionText: r.instruction_text,
      translatedInstructions: r.translated_instructions ?? {},
      languages: r.languages ?? ['en-IN'],
      totalMarksToAttempt: r.total_marks_to_attempt,
      thankYouMessage: r.thank_you_message,
      settings: r.settings ?? {},
    },
  };
}

/** Who takes an attempt and of which exam (and type): the save path's cached lookup. */
export interface AttemptOwner {
  userId: number;
  examId: number;
  examTypeId: number;
}

const ATTEMPT_SELECT = `
  SELECT ue.id, ue.user_id, ue.exam_id, ue.status, ue.scheduled_at, ue.started_at, ue.deadline_at, ue.finished_at, ue.expires_at, ue.selected_language,
         ue.window_switch_count, ue.abort_reason, ue.result_status, ue.result_date, ue.obtained_marks, ue.total_marks, ue.percentage,
         e.name, e.test_type, e.exam_type_id, e.duration_seconds, e.instruction_text, e.translated_instructions, e.languages,
         e.total_marks_to_attempt, e.thank_you_message, e.settings, now() AS now
    FROM user_exams ue JOIN exams e ON e.id = ue.exam_id`;
const ATTEMPT_SQL = `${ATTEMPT_SELECT} WHERE ue.id = $1`;

/** Attempts, questions and answers (raw SQL: the same text on PGlite and PostgreSQL). */
export class ExamRepository {
  private questionCache = new Map<number, { at: number; rows: QuestionRow[]; ids?: Set<number> }>();
  private ownerCache = new Map<number, AttemptOwner>();

  constructor(private readonly database: Database) {}

  async attempt(id: number): Promise<Attempt | null> {
    const { rows } = await this.database.executeSql<AttemptDbRow>(ATTEMPT_SQL, [id]);
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  /** Several attempts in one query (batch scoring); missing ids are left out. */
  async attempts(ids: number[]): Promise<Attempt[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.database.executeSql<AttemptDbRow>(`${ATTEMPT_SELECT} WHERE ue.id = ANY($1::int[])`, [
      ids,
    ]);
    return rows.map(toAttempt);
  }

  /** userId, examId and the exam's type of an attempt never change: cached for the hot save path. */
  async owner(id: number): Promise<AttemptOwner | null> {
    const hit = this.ownerCache.get(id);
    if (hit) return hit;
    const { rows } = await this.database.executeSql<{ user_id: number; exam_id: number; exam_type_id: number }>(
      'SELECT ue.user_id, ue.exam_id, e.exam_type_id FROM user_exams ue JOIN exams e ON e.id = ue.exam_id WHERE ue.id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const v = { userId: Number(row.user_id), examId: Number(row.exam_id), examTypeId: Number(row.exam_type_id) };
    if (this.ownerCache.size > 50_000) this.ownerCache.clear();
    this.ownerCache.set(id, v);
    return v;
  }

  /** An exam's questions with choices, cached for 30 s (content changes rarely). */
  async questions(examId: number): Promise<QuestionRow[]> {
    const hit = this.questionCache.get(examId);
    if (hit && Date.now() - hit.at < 30_000) return hit.rows;
    const q = await this.database.executeSql<QuestionDbRow>(
      `SELECT id, position, qtype_code, qtype_name, text, translations, marks, difficulty, resource_path, passage, content, answer_key
         FROM questions WHERE exam_id = $1 ORDER BY position, id`,
      [examId],
    );
    const c = await this.database.executeSql<ChoiceDbRow>(
      `SELECT c.id, c.question_id, c.position, c.text, c.translations, c.blank_key, c.resource_path, c.is_correct
         FROM choices c JOIN questions q ON q.id = c.question_id WHERE q.exam_id = $1 ORDER BY c.position, c.id`,
      [examId],
    );
    const byQ = new Map<number, ChoiceRow[]>();
    for (const r of c.rows) {
      const list = byQ.get(r.question_id) ?? [];
      list.push({
        id: r.id,
        position: r.position,
        text: r.text,
        translations: r.translations ?? {},
        blankKey: r.blank_key,
        resourcePath: r.resource_path,
        isCorrect: r.is_correct,
      });
      byQ.set(r.question_id, list);
    }
    const rows: QuestionRow[] = q.rows.map((r) => ({
      id: r.id,
      position: r.position,
      qtypeCode: r.qtype_code,
      qtypeName: r.qtype_name,
      text: r.text,
      translations: r.translations ?? {},
      marks: Number(r.marks),
      difficulty: r.difficulty,
      resourcePath: r.resource_path,
      passage: r.passage,
      content: r.content ?? {},
      answerKey: r.answer_key ?? {},
      choices: byQ.get(r.id) ?? [],
    }));
    this.questionCache.set(examId, { at: Date.now(), rows });
    return rows;
  }

  /** The ids of an exam's questions (the save path's membership check), cached with the questions. */
  async questionIds(examId: number): Promise<Set<number>> {
    const rows = await this.questions(examId);
    const entry = this.questionCache.get(examId);
    if (entry?.rows !== rows) return new Set(rows.map((q) => q.id));
    return (entry.ids ??= new Set(rows.map((q) => q.id)));
  }

  /**
   * The attempt's answers. A recorded answer's fields (answerResourcePath, name, recordedTime,
   * mongoSaved, descriptive text) come only from the server's verified recordings
   * (recorded_answers), never from what a browser saved: those keys of a saved value are dropped
   * and a verified recording's are laid over it. So does the question audio's play count
   * (audioButtonCount, question_audio_plays).
   */
  async answers(userExamId: number): Promise<StoredAnswer[]> {
    return (await this.answersOf([userExamId])).get(userExamId) ?? [];
  }

  /** The stored answers of several attempts in one query (batch scoring), by attempt. */
  async answersOf(userExamIds: number[]): Promise<Map<number, StoredAnswer[]>> {
    const out = new Map<number, StoredAnswer[]>();
    if (userExamIds.length === 0) return out;
    const { rows } = await this.database.executeSql<AnswerDbRow & { user_exam_id: number }>(
      `SELECT COALESCE(a.user_exam_id, r.user_exam_id, p.user_exam_id) AS user_exam_id,
              COALESCE(a.question_id, r.question_id, p.question_id) AS question_id, COALESCE(a.client_seq, 0) AS client_seq,
              (CASE WHEN r.question_id IS NULL
                   THEN COALESCE(a.value, '{}'::jsonb) - 'answerResourcePath' - 'answerResourceName' - 'recordedTime' - 'mongoSaved'
                    ELSE COALESCE(a.value, '{}'::jsonb) || jsonb_build_object(
                      'answerResourcePath', $2::text || r.media_key,
                      'answerResourceName', r.file_name,
                      'recordedTime', round(r.duration_seconds, 1)::float8,
                      'mongoSaved', true,
                      'descriptiveText', $3::text) END)
              - 'audioButtonCount'
              || CASE WHEN p.question_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('audioButtonCount', p.plays) END AS value
         FROM (SELECT user_exam_id, question_id, client_seq, value FROM answers WHERE user_exam_id = ANY($1::int[])) a
         FULL JOIN (SELECT user_exam_id, question_id, media_key, file_name, duration_seconds FROM recorded_answers
                     WHERE user_exam_id = ANY($1::int[])) r
           ON r.user_exam_id = a.user_exam_id AND r.question_id = a.question_id
         FULL JOIN (SELECT user_exam_id, question_id, plays FROM question_audio_plays WHERE user_exam_id = ANY($1::int[])) p
           ON p.user_exam_id = COALESCE(a.user_exam_id, r.user_exam_id)
          AND p.question_id = COALESCE(a.question_id, r.question_id)`,
      [userExamIds, FILES_PATH, RECORDED_DESCRIPTIVE_TEXT],
    );
    for (const r of rows) {
      const id = Number(r.user_exam_id);
      const list = out.get(id) ?? [];
      list.push({ qid: r.question_id, seq: r.client_seq, value: r.value });
      out.set(id, list);
    }
    return out;
  }

  /**
   * Upserts answers in one statement, only while the attempt is in progress and its deadline
   * (plus a grace for the network) has not passed. A lower seq never overwrites a higher one;
   * unchanged values are not rewritten.
   */
  async upsertAnswers(
    userExamId: number,
    changes: Array<{ qid: number; seq: number; answer: AnswerValue }>,
    graceSeconds: number,
  ) {
    const { rows } = await this.database.executeSql<UpsertDbRow>(
      `WITH ue AS (
         SELECT id, status, started_at, deadline_at, (deadline_at + make_interval(secs => $3::int) > now()) AS open
           FROM user_exams WHERE id = $1),
       up AS (
         INSERT INTO answers (user_exam_id, question_id, value, client_seq, updated_at)
         SELECT ue.id, c.qid, ${boundedTimeSpendSql('c.answer', 'ue.started_at')}, c.seq, now()
           FROM ue, jsonb_to_recordset($2::jsonb) AS c(qid int, seq int, answer jsonb)
          WHERE ue.status = '001' AND ue.open
         ON CONFLICT (user_exam_id, question_id) DO UPDATE
           SET value = EXCLUDED.value, client_seq = EXCLUDED.client_seq, updated_at = EXCLUDED.updated_at
           WHERE answers.client_seq <= EXCLUDED.client_seq
             AND (answers.value IS DISTINCT FROM EXCLUDED.value OR answers.client_seq <> EXCLUDED.client_seq)
         RETURNING 1)
       SELECT ue.status, ue.open, ue.deadline_at, now() AS now, (SELECT count(*) FROM up)::int AS saved FROM ue`,
      [userExamId, JSON.stringify(ownFilesOnly(userExamId, changes)), graceSeconds],
    );
    const r = rows[0];
    return r
      ? {
          status: r.status,
          open: !!r.open,
          deadlineAt: date(r.deadline_at),
          now: new Date(r.now),
          saved: Number(r.saved),
        }
      : null;
  }

  /** Keeps the highest count the client reported; true when it went up (a new window switch). */
  async recordWindowSwitches(userExamId: number, count: number): Promise<boolean> {
    const { rows } = await this.database.executeSql<{ id: number }>(
      'UPDATE user_exams SET window_switch_count = $2 WHERE id = $1 AND window_switch_count < $2 RETURNING id',
      [userExamId, count],
    );
    return rows.length > 0;
  }

  /** True when the attempt has a primary (reference) picture that passed the server's face check. */
  async hasPrimaryImage(userExamId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `SELECT 1 FROM proctoring_images WHERE user_exam_id = $1 AND kind = 'primary' LIMIT 1`,
      [userExamId],
    );
    return rows.length > 0;
  }

  /**
   * 000/998 to 001. The first start fixes the start and the deadline; a start after a retest
   * keeps them (ADR 0070: a retest never gives more time). The new page's periodic photo checks
   * are due from now (ADR 0239). False when not startable.
   */
  async start(userExamId: number, language: string): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `UPDATE user_exams ue SET status = '001', finished_at = NULL, selected_language = $2, updated_at = now(),
              photo_checks = 0, photo_run_at = now(), photo_run_problem = false,
              started_at = COALESCE(ue.started_at, now()),
              deadline_at = COALESCE(ue.deadline_at, now() + make_interval(secs => e.duration_seconds))
         FROM exams e WHERE e.id = ue.exam_id AND ue.id = $1 AND ue.status IN ('000', '998') RETURNING ue.id`,
      [userExamId, language],
    );
    return rows.length > 0;
  }

  /**
   * A resumed page starts the periodic photo check over (PHOTO_CHECK_RUNS pictures, the first one
   * photo_timer after now), so the count starts over and the runs are due from now (ADR 0239). The silence starts over only when the page
   * before had taken all its checks: while it still owed some, the silence goes on from the last
   * picture, or a reload every photo_timer would never send one and never show a gap (attack walk
   * 4, ADR 0227). Before the first picture last_photo_at stays empty: the first periodic check gets
   * the scene pass (ADR 0102), and the sweep measures from the start.
   */
  async restartPhotoChecks(userExamId: number): Promise<void> {
    await this.database.executeSql(
      `UPDATE user_exams SET photo_checks = 0, photo_run_at = now(), photo_run_problem = false,
              last_photo_at = CASE WHEN last_photo_at IS NOT NULL AND photo_checks >= $2::int THEN now() ELSE last_photo_at END
        WHERE id = $1 AND status = '001'`,
      [userExamId, PHOTO_CHECK_RUNS],
    );
  }

  /**
   * The low-bandwidth path: back to 998, to be taken again. Only while no answer has reached
   * the server (saved answers would be thrown away). The start time, the deadline and the
   * questions already served stay (ADR 0070): the clock keeps running, so the cycle gains no
   * time. A row holding only a review mark or time spent is not an answer and is dropped.
   * `checked` skips the answer guard when the caller has already judged nothing answered.
   */
  async retest(userExamId: number, checked = false): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `UPDATE user_exams SET status = '998', updated_at = now()
        WHERE id = $1 AND status IN ('000', '001', '998')
          AND ($2::boolean OR (NOT EXISTS (
            SELECT 1 FROM answers WHERE user_exam_id = $1
               AND (value - 'buttonStyle' - 'timeSpend' - 'seq' - 'index' - 'audioButtonCount') <> '{}'::jsonb)
            AND NOT EXISTS (SELECT 1 FROM recorded_answers WHERE user_exam_id = $1))) RETURNING id`,
      [userExamId, checked],
    );
    if (!rows.length) return false;
    await this.database.executeSql('DELETE FROM answers WHERE user_exam_id = $1', [userExamId]);
    return true;
  }

  async servedQuestions(userExamId: number): Promise<number[]> {
    const { rows } = await this.database.executeSql<{ question_id: number }>(
      'SELECT question_id FROM attempt_questions WHERE user_exam_id = $1 ORDER BY position',
      [userExamId],
    );
    return rows.map((r) => Number(r.question_id));
  }

  /** Adds a served question at the next position; false when another request served one first. */
  async serveQuestion(userExamId: number, questionId: number, position: number): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      'INSERT INTO attempt_questions (user_exam_id, question_id, position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING position',
      [userExamId, questionId, position],
    );
    return rows.length > 0;
  }

  async questionAssignedTo(questionId: number, userId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      'SELECT 1 FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE q.id = $1 AND ue.user_id = $2 LIMIT 1',
      [questionId, userId],
    );
    return rows.length > 0;
  }

  async addIssue(userId: number, questionId: number, issueType: string, description: string) {
    await this.database.executeSql(
      'INSERT INTO question_issues (user_id, question_id, issue_type, description) VALUES ($1, $2, $3, $4)',
      [userId, questionId, issueType, description],
    );
  }
}
