import {
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userExams } from './assessment.ts';
import { users } from './identity.ts';

/**
 * Proctoring pictures of an attempt: the primary (reference) image taken at setup, the regular
 * periodic pictures and the error pictures (N no face, M multiple faces, O objects).
 * The bytes live in the media storage under `mediaKey`.
 */
export const proctoringImages = pgTable(
  'proctoring_images',
  {
    id: serial('id').primaryKey(),
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** primary | regular | error */
    kind: text('kind').notNull(),
    errorCode: char('error_code', { length: 1 }),
    photoTag: text('photo_tag'),
    faceCount: integer('face_count'),
    objectsDetected: jsonb('objects_detected').$type<string[]>(),
    objectsCount: integer('objects_count'),
    expression1: text('expression1'),
    expression2: text('expression2'),
    mediaKey: text('media_key').notNull(),
    /** a primary picture's face embedding, kept so a periodic check analyses only its own picture */
    embedding: jsonb('embedding').$type<number[]>(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proctoring_images_exam_idx').on(t.userExamId, t.kind, t.createdAt)],
);

/** One speaker check (15-second sample) of an attempt; the audio itself is not kept. */
export const proctoringAudioChecks = pgTable(
  'proctoring_audio_checks',
  {
    id: serial('id').primaryKey(),
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speakers: integer('speakers').notNull(),
    speechSeconds: numeric('speech_seconds').notNull(),
    durationSeconds: numeric('duration_seconds').notNull(),
    /** two-pitch overlap score of the sample (null before issue 12's detector); the baseline of later samples */
    overlapScore: numeric('overlap_score'),
    /**
     * 'check': a periodic sample during the test; 'baseline': the candidate alone at device setup,
     * never counted, its score kept only when the server judged it a usable baseline (ADR 0101)
     */
    purpose: text('purpose').notNull().default('check'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proctoring_audio_checks_exam_idx').on(t.userExamId, t.createdAt)],
);

/**
 * The server's reply to each periodic check the browser named (its `checkId`): a picture or
 * speaker sample whose reply was lost on a bad link is sent again with the same id and gets the
 * kept reply, so it is analysed, stored and counted once (ADR 0237). `reply` is null while the
 * first request is still being checked.
 */
export const proctoringCheckReplies = pgTable(
  'proctoring_check_replies',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    checkId: text('check_id').notNull(),
    /** picture | audio */
    kind: text('kind').notNull(),
    reply: jsonb('reply').$type<Record<string, unknown>>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.kind, t.checkId] })],
);

/**
 * Device logs of an attempt (permission, audio and video logs the browser sends, fire and forget)
 * and the server's own monitoring records: a gap (channel 'gap') is a monitored attempt without a
 * picture for more than two photo_timer periods.
 */
export const proctoringLogs = pgTable(
  'proctoring_logs',
  {
    id: serial('id').primaryKey(),
    userExamId: integer('user_exam_id').references(() => userExams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** permission | audio | video | gap */
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    detail: text('detail'),
    /** the client's clock as sent (untrusted) */
    clientAt: text('client_at'),
    /** a gap's length in seconds */
    gapSeconds: integer('gap_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proctoring_logs_exam_idx').on(t.userExamId, t.channel, t.createdAt)],
);
