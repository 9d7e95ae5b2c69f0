import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './identity.ts';

/** Dashboard categories a group (and its items) belong to. */
export type GroupCategory = 'TEST' | 'SURVEY' | 'FEEDBACK' | 'WORKFLOW';

/** A group of items shown as a group button inside a dashboard tab. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  category: text('category').$type<GroupCategory>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of a group, with the group report's state. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    reportReady: boolean('report_ready').notNull().default(false),
  },
  (t) => [uniqueIndex('user_groups_user_group_idx').on(t.userId, t.groupId)],
);

/**
 * An exam instance (a test, survey, feedback form or workflow step definition).
 * `settings` holds the spec's exam-detail flags (answermandatoryflag, navflag, showscore,
 * monitoringflag, webproctoringcount, include_english, codinglang, ...).
 */
export const exams = pgTable('exams', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  testType: integer('test_type').notNull().default(1),
  examTypeId: integer('exam_type_id').notNull().default(1),
  durationSeconds: integer('duration_seconds').notNull(),
  instructionText: text('instruction_text').notNull().default(''),
  translatedInstructions: jsonb('translated_instructions').$type<Record<string, string>>().notNull().default({}),
  languages: text('languages').array().notNull().default(['en-IN']),
  totalMarksToAttempt: integer('total_marks_to_attempt').notNull().default(0),
  thankYouMessage: text('thank_you_message').notNull().default(''),
  isPractice: boolean('is_practice').notNull().default(false),
  /**
   * A test an administrator imported (QTI or the extension format, ADR 0151): never assigned
   * itself; scheduling copies it into an instance exam with the schedule's settings.
   */
  isTemplate: boolean('is_template').notNull().default(false),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A question of an exam. `answerKey` is server-only (the spec's correctid and any
 * scoring data); it must never be sent to a candidate.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    qtypeCode: integer('qtype_code').notNull(),
    qtypeName: text('qtype_name').notNull().default(''),
    text: text('text').notNull(),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    marks: numeric('marks').notNull().default('1'),
    difficulty: integer('difficulty').notNull().default(1),
    resourcePath: text('resource_path'),
    passage: jsonb('passage').$type<Record<string, unknown> | null>(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    answerKey: jsonb('answer_key').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('questions_exam_idx').on(t.examId, t.position),
    // A spoken question's audio is refused to direct requests (ADR 0212): looked up by its path.
    index('questions_spoken_resource_idx')
      .on(t.resourcePath)
      .where(sql`${t.qtypeCode} = 28`),
  ],
);

/** A choice of a question; `blankKey` is BLANK1..BLANK3 for multi-blank questions. */
export const choices = pgTable(
  'choices',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    blankKey: text('blank_key'),
    resourcePath: text('resource_path'),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [index('choices_question_idx').on(t.questionId)],
);

/**
 * An assignment of an exam to a user (the spec's user-exam). Status codes: 000 Not Started,
 * 001 In Progress, 010 Completed, 011 Time Out, 100 Expired, 111 Aborted, 998 retest, 999
 * Result Failed. `deadlineAt` is fixed by the server at start: remaining time derives from it.
 */
export const userExams = pgTable(
  'user_exams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** the administrator's schedule this attempt belongs to (imported tests), and which try it is */
    scheduleId: integer('schedule_id'),
    attemptNo: integer('attempt_no').notNull().default(1),
    status: char('status', { length: 3 }).notNull().default('000'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    selectedLanguage: text('selected_language'),
    assessee: text('assessee'),
    assesseeRole: text('assessee_role'),
    windowSwitchCount: integer('window_switch_count').notNull().default(0),
    abortReason: text('abort_reason'),
    /** proctoring violations the server counted (photo checks, speaker checks) */
    photoWarnings: integer('photo_warnings').notNull().default(0),
    audioWarnings: integer('audio_warnings').notNull().default(0),
    /** the last periodic picture (or the start): a longer silence than two photo_timer periods is a gap */
    lastPhotoAt: timestamp('last_photo_at', { withTimezone: true }),
    /** periodic pictures since the start or the last resume (the browser takes PHOTO_CHECK_RUNS) */
    photoChecks: integer('photo_checks').notNull().default(0),
    /**
     * When the last counted periodic picture was taken (or the start, or the last resume), and
     * whether its check found a problem: the next picture counts as one of the PHOTO_CHECK_RUNS
     * only when it was taken most of a photo_timer later, or is the retake after a problem. A
     * burst of pictures is one run, so it cannot end the checks early (ADR 0239).
     */
    photoRunAt: timestamp('photo_run_at', { withTimezone: true }),
    photoRunProblem: boolean('photo_run_problem').notNull().default(false),
    /** the last periodic speaker sample of the test: a longer silence than audioGapSeconds is a gap (ADR 0233) */
    lastAudioAt: timestamp('last_audio_at', { withTimezone: true }),
    /**
     * Periodic pictures (samples) the server refused with 503 because its analysis was busy, since
     * the last one it took: how many, the first and the last. A gap over them says the silence
     * was the server's (ADR 0235). Counted afresh once a picture (sample) got through.
     */
    pictureBusy: integer('picture_busy').notNull().default(0),
    pictureBusyFrom: timestamp('picture_busy_from', { withTimezone: true }),
    pictureBusyTo: timestamp('picture_busy_to', { withTimezone: true }),
    audioBusy: integer('audio_busy').notNull().default(0),
    audioBusyFrom: timestamp('audio_busy_from', { withTimezone: true }),
    audioBusyTo: timestamp('audio_busy_to', { withTimezone: true }),
    resultStatus: text('result_status'),
    resultDate: timestamp('result_date', { withTimezone: true }),
    obtainedMarks: numeric('obtained_marks'),
    totalMarks: numeric('total_marks'),
    percentage: numeric('percentage'),
    /** why scoring failed after its retries (status 999); cleared by a successful run */
    resultError: text('result_error'),
    /** set while a regeneration is queued (ALREADY IN QUEUE), cleared when the job has run */
    regenQueuedAt: timestamp('regen_queued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_exams_user_idx').on(t.userId, t.status),
    index('user_exams_status_deadline_idx').on(t.status, t.deadlineAt),
    // The worker's rescue sweep (results.repository `unscored`, every sweep): only closed attempts
    // still without a result, a handful at any time among millions of rows.
    index('user_exams_unscored_idx')
      .on(t.updatedAt)
      .where(sql`${t.resultStatus} = 'Processing' AND ${t.status} IN ('010', '011', '111')`),
    uniqueIndex('user_exams_schedule_attempt_idx').on(t.scheduleId, t.userId, t.attemptNo),
  ],
);

/** The current answer of one question in one attempt (delta saves write here). */
export const answers = pgTable(
  'answers',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    clientSeq: integer('client_seq').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('answers_attempt_question_idx').on(t.userExamId, t.questionId)],
);

/** Every saved snapshot of an attempt's state, versioned (the spec's "document store"). */
export const answerSnapshots = pgTable(
  'answer_snapshots',
  {
    id: serial('id').primaryKey(),
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('answer_snapshots_attempt_version_idx').on(t.userExamId, t.version)],
);

/** One submission per attempt (idempotent submit); later retries return this row. */
export const submissions = pgTable('submissions', {
  userExamId: integer('user_exam_id')
    .primaryKey()
    .references(() => userExams.id, { onDelete: 'cascade' }),
  submitType: text('submit_type').notNull(),
  status: char('status', { length: 3 }).notNull(),
  payload: jsonb('payload').$type<unknown>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A candidate's report of a problem with a question ('Flag this question'). */
export const questionIssues = pgTable('question_issues', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionId: integer('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' }),
  issueType: text('issue_type').notNull(),
  description: text('description').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
