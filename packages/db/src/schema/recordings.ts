import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { questions, userExams } from './assessment.ts';
import { users } from './identity.ts';

/**
 * A resumable (tus) upload of a recorded answer, created by its candidate for one attempt and
 * question. The bytes live in the tus store until the upload call verifies them; then the row
 * and the partial file go (a verified recording is a recorded_answers row, a refused one
 * nothing). `claimedAt` marks a verification in progress, so two calls never check one upload.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** audio | video */
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('media_uploads_attempt_idx').on(t.userExamId, t.questionId),
    index('media_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * The verified recording that answers a spoken-answer (28) or video (27) question: written only
 * by the server after it measured the file (duration, audio level, faces). The question's
 * answerResourcePath, name and recordedTime come from here, never from the browser's saves.
 */
export const recordedAnswers = pgTable(
  'recorded_answers',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mediaKey: text('media_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationSeconds: numeric('duration_seconds').notNull(),
    rms: numeric('rms'),
    /** the tus upload it came from: a repeated upload call answers the same */
    uploadId: text('upload_id').notNull(),
    /** the browser's own timer (advisory) */
    clientRecordedTime: numeric('client_recorded_time'),
    /** video: the faces of the sampled frames and what they were matched against */
    checks: jsonb('checks').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.questionId] })],
);

/** The still picture taken as a video recording starts (uploadImg), with its face embedding when it shows one face. */
export const recordingStills = pgTable(
  'recording_stills',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** analysed when a video is checked against it (null before) */
    faceCount: integer('face_count'),
    embedding: jsonb('embedding').$type<number[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.questionId] })],
);

/**
 * Who holds a tus upload now (one request at a time may write it), shared by every API node: a
 * lease the holder renews while its request runs; a request for a held upload asks the holder
 * to let go (NOTIFY) and takes the row when it is free or its lease ran out.
 */
export const uploadLocks = pgTable('upload_locks', {
  id: text('id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Plays of a spoken-answer question's audio, counted by the server (spec: at most 3 per attempt
 * and question; the 4th is refused and recorded as 4, the spec's audioButtonCount).
 */
export const questionAudioPlays = pgTable(
  'question_audio_plays',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    plays: integer('plays').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.questionId] })],
);
