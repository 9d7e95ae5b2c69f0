import type { Database } from '@invigil/db';

/** An attempt as staff see it (search, records, regeneration). */
export interface StaffAttempt {
  id: number;
  userId: number;
  username: string;
  examId: number;
  examName: string;
  orgId: number | null;
  orgName: string;
  groupId: number | null;
  groupName: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  status: string;
  resultStatus: string | null;
  resultDate: Date | null;
  percentage: number | null;
  resultError: string | null;
  regenQueuedAt: Date | null;
  submitType: string | null;
  answerCount: number;
}

interface StaffAttemptRow {
  id: number;
  user_id: number;
  username: string;
  exam_id: number;
  exam_name: string;
  org_id: number | null;
  org_name: string | null;
  group_id: number | null;
  group_name: string | null;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  status: string;
  result_status: string | null;
  result_date: string | Date | null;
  percentage: string | number | null;
  result_error: string | null;
  regen_queued_at: string | Date | null;
  submit_type: string | null;
  answer_count: number | string;
}

/** An attempt in progress (Ongoing Tests). */
export interface OngoingAttempt {
  id: number;
  username: string;
  userAgent: string | null;
  examId: number;
  examName: string;
  totalQuestions: number;
  answered: number;
  secondsLeft: number;
  updatedAt: Date;
}

interface OngoingDbRow {
  id: number;
  username: string;
  user_agent: string | null;
  exam_id: number;
  exam_name: string;
  total_questions: number | string;
  answered: number | string;
  seconds_left: number | string;
  updated_at: string | Date;
}

const date = (v: string | Date | null) => (v === null ? null : new Date(v));
const num = (v: string | number | null) => (v === null ? null : Number(v));

const STAFF_ATTEMPT_SELECT = `
  SELECT ue.id, ue.user_id, u.email AS username, ue.exam_id, e.name AS exam_name,
         COALESCE(g.organization_id, e.organization_id) AS org_id, o.name AS org_name, ue.group_id, g.name AS group_name,
         ue.started_at, ue.finished_at, ue.status, ue.result_status, ue.result_date, ue.percentage, ue.result_error,
         ue.regen_queued_at, s.submit_type,
         (SELECT count(*) FROM answers a WHERE a.user_exam_id = ue.id)::int AS answer_count
    FROM user_exams ue
    JOIN users u ON u.id = ue.user_id
    JOIN exams e ON e.id = ue.exam_id
    LEFT JOIN groups g ON g.id = ue.group_id
    LEFT JOIN organizations o ON o.id = COALESCE(g.organization_id, e.organization_id)
    LEFT JOIN submissions s ON s.user_exam_id = ue.id`;

/** The spec's Answered rule in SQL (a choice, a descriptive text or a file). */
const ANSWERED = `(COALESCE(a.value->>'selectedChoiceId', '') <> '' OR COALESCE(a.value->>'uploadedFile', '') <> ''
   OR COALESCE(NULLIF(a.value->>'descriptiveText', 'Not Required'), '') <> '' OR a.value->>'descriptiveText' = 'Not Required')`;

/**
 * Attempts in progress, set-based (hash joins over the active set, not one sub-query a row):
 * 5,000 active attempts are one pass over their answers, sessions and question counts.
 * `$1` limits it to some attempts (null: all).
 */
const ONGOING_SQL = `
  WITH act AS (
    SELECT ue.id, ue.user_id, ue.exam_id, ue.started_at, ue.updated_at, ue.deadline_at
      FROM user_exams ue
     WHERE ue.status = '001' AND ue.deadline_at > now() AND ($1::int[] IS NULL OR ue.id = ANY($1::int[]))),
  ans AS (
    SELECT a.user_exam_id, count(*) FILTER (WHERE ${ANSWERED}) AS answered, max(a.updated_at) AS last_at
      FROM answers a JOIN act ON act.id = a.user_exam_id GROUP BY a.user_exam_id),
  sess AS (
    SELECT DISTINCT ON (s.user_id) s.user_id, s.user_agent
      FROM sessions s WHERE s.user_id IN (SELECT user_id FROM act) ORDER BY s.user_id, s.created_at DESC),
  qc AS (
    SELECT q.exam_id, count(*) AS n FROM questions q WHERE q.exam_id IN (SELECT exam_id FROM act) GROUP BY q.exam_id)
  SELECT act.id, u.email AS username, sess.user_agent, act.exam_id, e.name AS exam_name,
         COALESCE(qc.n, 0)::int AS total_questions, COALESCE(ans.answered, 0)::int AS answered,
         GREATEST(0, floor(extract(epoch FROM act.deadline_at - now())))::int AS seconds_left,
         GREATEST(act.started_at, act.updated_at, ans.last_at) AS updated_at
    FROM act
    JOIN users u ON u.id = act.user_id
    JOIN exams e ON e.id = act.exam_id
    LEFT JOIN ans ON ans.user_exam_id = act.id
    LEFT JOIN sess ON sess.user_id = act.user_id
    LEFT JOIN qc ON qc.exam_id = act.exam_id
   ORDER BY 9 DESC`;

/** Pending attempts: the three lists of Pending Results (ADR 0121). */
export type PendingKind = 'answers' | 'status' | 'result';

const PENDING_WHERE: Record<PendingKind, string> = {
  answers: `ue.status IN ('010','011','111','999') AND s.submit_type LIKE 'MONGODB_SKIPPED%'
            AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.user_exam_id = ue.id)
            AND COALESCE(ue.result_status, '') <> 'Processed'`,
  status: `ue.status = '001' AND ue.deadline_at + make_interval(secs => $1::int) <= now()`,
  result: `ue.status IN ('010','011','111','999') AND (ue.status = '999'
            OR (COALESCE(ue.result_status, '') <> 'Processed' AND ue.finished_at < now() - interval '1 minute'))
            AND NOT (s.submit_type LIKE 'MONGODB_SKIPPED%' AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.user_exam_id = ue.id))`,
};

/** The SQL behind support search, regeneration, Ongoing Tests and Pending Results. */
export class SupportRepository {
  constructor(private readonly database: Database) {}

  /** The user with this e-mail, and until when its sign-in is locked (null: not locked now). */
  async userByEmail(
    email: string,
  ): Promise<{ id: number; email: string; role: string; lockedUntil: Date | null } | null> {
    const { rows } = await this.database.executeSql<{
      id: number;
      email: string;
      role: string;
      locked_until: string | Date | null;
    }>(
      `SELECT id, email, role, CASE WHEN locked_until > now() THEN locked_until END AS locked_until
         FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    const r = rows[0];
    return r ? { id: Number(r.id), email: r.email, role: r.role, lockedUntil: date(r.locked_until) } : null;
  }

  /**
   * Clears the user's failed-password count and lock (one statement, so a sign-in failing at the
   * same moment cannot slip between a read and the write). Null for an unknown user, or one whose
   * role is not in `roles` (null: any role); otherwise the state it had: the lock only when it
   * had not run out.
   */
  async clearLockout(
    userId: number,
    roles: string[] | null,
  ): Promise<{ email: string; failedAttempts: number; lockedUntil: Date | null } | null> {
    const { rows } = await this.database.executeSql<{
      email: string;
      failed_attempts: number | string;
      locked_until: string | Date | null;
    }>(
      `WITH prev AS (SELECT id, failed_attempts, locked_until FROM users
                      WHERE id = $1 AND ($2::text[] IS NULL OR role = ANY($2::text[])) FOR UPDATE)
       UPDATE users u SET failed_attempts = 0, locked_until = NULL
         FROM prev WHERE u.id = prev.id
       RETURNING u.email, prev.failed_attempts,
                 CASE WHEN prev.locked_until > now() THEN prev.locked_until END AS locked_until`,
      [userId, roles],
    );
    const r = rows[0];
    return r ? { email: r.email, failedAttempts: Number(r.failed_attempts), lockedUntil: date(r.locked_until) } : null;
  }

  async attemptsOf(userId: number, orgId?: number): Promise<StaffAttempt[]> {
    const { rows } = await this.database.executeSql<StaffAttemptRow>(
      `${STAFF_ATTEMPT_SELECT} WHERE ue.user_id = $1 AND ($2::int IS NULL OR COALESCE(g.organization_id, e.organization_id) = $2)
        ORDER BY ue.id DESC LIMIT 1000`,
      [userId, orgId ?? null],
    );
    return rows.map(toStaffAttempt);
  }

  async attempt(id: number): Promise<StaffAttempt | null> {
    const { rows } = await this.database.executeSql<StaffAttemptRow>(`${STAFF_ATTEMPT_SELECT} WHERE ue.id = $1`, [id]);
    return rows[0] ? toStaffAttempt(rows[0]) : null;
  }

  async pending(kind: PendingKind, graceSeconds: number): Promise<StaffAttempt[]> {
    const { rows } = await this.database.executeSql<StaffAttemptRow>(
      `${STAFF_ATTEMPT_SELECT} WHERE ${PENDING_WHERE[kind]} AND $1::int IS NOT NULL ORDER BY ue.id LIMIT 5000`,
      [graceSeconds],
    );
    return rows.map(toStaffAttempt);
  }

  /** Every attempt in progress, newest update first. */
  async ongoing(): Promise<OngoingAttempt[]> {
    const { rows } = await this.database.executeSql<OngoingDbRow>(ONGOING_SQL, [null]);
    return rows.map(toOngoing);
  }

  /** The given attempts when still in progress (the live stream's re-read). */
  async ongoingOf(ids: number[]): Promise<OngoingAttempt[]> {
    if (!ids.length) return [];
    const { rows } = await this.database.executeSql<OngoingDbRow>(ONGOING_SQL, [ids]);
    return rows.map(toOngoing);
  }
}

function toStaffAttempt(r: StaffAttemptRow): StaffAttempt {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    username: r.username,
    examId: Number(r.exam_id),
    examName: r.exam_name,
    orgId: r.org_id === null ? null : Number(r.org_id),
    orgName: r.org_name ?? '',
    groupId: r.group_id === null ? null : Number(r.group_id),
    groupName: r.group_name ?? '',
    startedAt: date(r.started_at),
    finishedAt: date(r.finished_at),
    status: r.status,
    resultStatus: r.result_status,
    resultDate: date(r.result_date),
    percentage: num(r.percentage),
    resultError: r.result_error,
    regenQueuedAt: date(r.regen_queued_at),
    submitType: r.submit_type,
    answerCount: Number(r.answer_count),
  };
}

function toOngoing(r: OngoingDbRow): OngoingAttempt {
  return {
    id: Number(r.id),
    username: r.username,
    userAgent: r.user_agent,
    examId: Number(r.exam_id),
    examName: r.exam_name,
    totalQuestions: Number(r.total_questions),
    answered: Number(r.answered),
    secondsLeft: Number(r.seconds_left),
    updatedAt: new Date(r.updated_at),
  };
}
