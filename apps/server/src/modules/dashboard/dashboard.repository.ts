import { and, eq, sql } from 'drizzle-orm';
import { type Database, groups, userExams, userGroups, userOrgData } from '@invigil/db';

/** One of the user's assignments with its exam and group (snake_case stays in here). */
export interface AttemptRecord {
  userExamId: number;
  examId: number;
  status: string;
  scheduledAt: Date;
  expiresAt: Date | null;
  finishedAt: Date | null;
  selectedLanguage: string | null;
  assessee: string | null;
  assesseeRole: string | null;
  resultStatus: string | null;
  resultDate: Date | null;
  percentage: string | null;
  /** The exam shows its score to the candidate (settings.showscore 1, as the result status route reads it). */
  showScore: boolean;
  examName: string;
  testType: number;
  languages: string[];
  groupId: number | null;
  groupName: string | null;
  category: string | null;
  reportReady: boolean;
}

export interface OrgRecord {
  id: number;
  name: string;
}

export interface PracticeRecord {
  id: number;
  name: string;
  durationSeconds: number;
  questionCount: number;
}

const toDate = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
const toArray = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string')
    return v
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean)
      .map((s) => s.replace(/^"|"$/g, ''));
  return [];
};

const ATTEMPT_SELECT = `
  SELECT ue.id AS user_exam_id, ue.exam_id, ue.status, ue.scheduled_at, ue.expires_at, ue.finished_at,
         ue.selected_language, ue.assessee, ue.assessee_role, ue.result_status, ue.result_date, ue.percentage,
         e.name AS exam_name, e.test_type, e.languages, e.settings->>'showscore' AS showscore, ue.group_id, g.name AS group_name, g.category,
         COALESCE(ug.report_ready, false) AS report_ready
    FROM user_exams ue
    JOIN exams e ON e.id = ue.exam_id
    LEFT JOIN groups g ON g.id = ue.group_id
    LEFT JOIN user_groups ug ON ug.group_id = ue.group_id AND ug.user_id = ue.user_id`;

/** A timestamp or array as a driver may return it (a Date or array from pg; PGlite may differ). */
type DbDate = Date | string;
type DbId = number | string;

/** The columns ATTEMPT_SELECT selects. */
interface AttemptRow {
  user_exam_id: DbId;
  exam_id: DbId;
  status: string;
  scheduled_at: DbDate;
  expires_at: DbDate | null;
  finished_at: DbDate | null;
  selected_language: string | null;
  assessee: string | null;
  assessee_role: string | null;
  result_status: string | null;
  result_date: DbDate | null;
  percentage: string | number | null;
  showscore: string | null;
  exam_name: string;
  test_type: DbId;
  languages: string[] | string | null;
  group_id: DbId | null;
  group_name: string | null;
  category: string | null;
  report_ready: boolean;
}

interface GroupRow {
  id: DbId;
  name: string;
  category: string;
  report_ready: boolean;
  org_name: string;
}

interface PracticeRow {
  id: DbId;
  name: string;
  duration_seconds: DbId;
  question_count: DbId;
}

function toAttempt(r: AttemptRow): AttemptRecord {
  return {
    userExamId: Number(r.user_exam_id),
    examId: Number(r.exam_id),
    status: String(r.status),
    scheduledAt: r.scheduled_at instanceof Date ? r.scheduled_at : new Date(r.scheduled_at),
    expiresAt: toDate(r.expires_at),
    finishedAt: toDate(r.finished_at),
    selectedLanguage: r.selected_language ?? null,
    assessee: r.assessee ?? null,
    assesseeRole: r.assessee_role ?? null,
    resultStatus: r.result_status ?? null,
    resultDate: toDate(r.result_date),
    percentage: r.percentage === null || r.percentage === undefined ? null : String(r.percentage),
    showScore: Number(r.showscore ?? 0) === 1 || r.showscore === 'true',
    examName: String(r.exam_name),
    testType: Number(r.test_type),
    languages: toArray(r.languages),
    groupId: r.group_id === null || r.group_id === undefined ? null : Number(r.group_id),
    groupName: r.group_name ?? null,
    category: r.category ?? null,
    reportReady: Boolean(r.report_ready),
  };
}

/** The dashboard's reads and the practice assignment; every read is scoped to one user. */
export class DashboardRepository {
  constructor(private readonly database: Database) {}

  async organizations(userId: number): Promise<OrgRecord[]> {
    const { rows } = await this.database.executeSql<{ id: DbId; name: string }>(
      `SELECT o.id, o.name FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
        WHERE uo.user_id = $1 ORDER BY o.id`,
      [userId],
    );
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }

  /** The user's assignments in one organisation (by the group's, else the exam's organisation). */
  async attempts(userId: number, organizationId: number): Promise<AttemptRecord[]> {
    const { rows } = await this.database.executeSql<AttemptRow>(
      `${ATTEMPT_SELECT}
        WHERE ue.user_id = $1 AND COALESCE(g.organization_id, e.organization_id) = $2
        ORDER BY ue.group_id NULLS LAST, ue.scheduled_at, ue.id`,
      [userId, organizationId],
    );
    return rows.map(toAttempt);
  }

  /** One of the user's assignments, or null when it is not theirs. */
  async attempt(userId: number, userExamId: number): Promise<AttemptRecord | null> {
    const { rows } = await this.database.executeSql<AttemptRow>(
      `${ATTEMPT_SELECT} WHERE ue.user_id = $1 AND ue.id = $2`,
      [userId, userExamId],
    );
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  /** The user's assignments in one of their groups, or null when they are not a member. */
  async groupAttempts(userId: number, groupId: number) {
    const { rows } = await this.database.executeSql<GroupRow>(
      `SELECT g.id, g.name, g.category, ug.report_ready, o.name AS org_name
         FROM user_groups ug JOIN groups g ON g.id = ug.group_id JOIN organizations o ON o.id = g.organization_id
        WHERE ug.user_id = $1 AND ug.group_id = $2`,
      [userId, groupId],
    );
    const g = rows[0];
    if (!g) return null;
    const attempts = await this.database.executeSql<AttemptRow>(
      `${ATTEMPT_SELECT} WHERE ue.user_id = $1 AND ue.group_id = $2 ORDER BY ue.scheduled_at, ue.id`,
      [userId, groupId],
    );
    return {
      group: {
        id: Number(g.id),
        name: String(g.name),
        category: String(g.category),
        reportReady: Boolean(g.report_ready),
        orgName: String(g.org_name),
      },
      attempts: attempts.rows.map(toAttempt),
    };
  }

  async practiceTests(userId: number): Promise<PracticeRecord[]> {
    const { rows } = await this.database.executeSql<PracticeRow>(
      `SELECT e.id, e.name, e.duration_seconds, (SELECT count(*)::int FROM questions q WHERE q.exam_id = e.id) AS question_count
         FROM exams e
        WHERE e.is_practice AND (e.organization_id IS NULL
              OR e.organization_id IN (SELECT organization_id FROM user_organizations WHERE user_id = $1))
        ORDER BY e.id`,
      [userId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      durationSeconds: Number(r.duration_seconds),
      questionCount: Number(r.question_count),
    }));
  }

  async userOrgData(userId: number) {
    const rows = await this.database.db.select().from(userOrgData).where(eq(userOrgData.userId, userId)).limit(1);
    return rows[0] ?? null;
  }

  async saveUserOrgData(userId: number, data: { selectedMenu?: string; orgId: number; typeButton: string }) {
    const now = new Date();
    await this.database.db
      .insert(userOrgData)
      .values({
        userId,
        selectedMenu: data.selectedMenu ?? 'Tests',
        orgId: data.orgId,
        typeButton: data.typeButton,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: userOrgData.userId,
        set: {
          ...(data.selectedMenu ? { selectedMenu: data.selectedMenu } : {}),
          orgId: data.orgId,
          typeButton: data.typeButton,
          updatedAt: now,
        },
      });
  }

  /**
   * Assigns a practice exam to the user in an organisation's 'Practice Tests' group.
   * Returns null when the user already has it. Serialised per organisation so a double
   * click or two tabs cannot assign it twice or create the group twice.
   */
  async assignPractice(
    userId: number,
    examId: number,
    organizationId: number,
    groupName: string,
  ): Promise<number | null> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(4203, ${organizationId}::int)`);
      const existing = await tx
        .select({ id: userExams.id })
        .from(userExams)
        .where(and(eq(userExams.userId, userId), eq(userExams.examId, examId)))
        .limit(1);
      if (existing.length) return null;
      let [group] = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.organizationId, organizationId), eq(groups.name, groupName), eq(groups.category, 'TEST')))
        .limit(1);
      if (!group)
        [group] = await tx
          .insert(groups)
          .values({ organizationId, name: groupName, category: 'TEST' })
          .returning({ id: groups.id });
      await tx.insert(userGroups).values({ userId, groupId: group!.id }).onConflictDoNothing();
      const now = Date.now();
      const [row] = await tx
        .insert(userExams)
        .values({
          userId,
          examId,
          groupId: group!.id,
          status: '000',
          scheduledAt: new Date(now),
          expiresAt: new Date(now + 30 * 86_400_000),
        })
        .returning({ id: userExams.id });
      return row!.id;
    });
  }
}
