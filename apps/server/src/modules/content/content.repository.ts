import type { AdminTestsResponse } from '@invigil/contracts';
import type { Database } from '@invigil/db';
import type { ExportExam } from './qti-export.ts';

type DbDate = Date | string;
const iso = (d: DbDate) => (d instanceof Date ? d : new Date(d)).toISOString();

interface TestRow {
  id: number;
  name: string;
  questions: number | string;
  duration_seconds: number;
  created_at: DbDate;
}
interface GroupRow {
  id: number;
  name: string;
  organisation: string;
  members: number | string;
}
interface ScheduleRow {
  id: number;
  test: string;
  group: string;
  starts_at: DbDate;
  ends_at: DbDate;
  attempts: number;
  assigned: number | string;
}
interface ExamRow {
  name: string;
  test_type: number;
  exam_type_id: number;
  duration_seconds: number;
  instruction_text: string;
  thank_you_message: string;
  total_marks_to_attempt: number;
}

/** What the administrator screen lists, and the exam an export reads. */
export class ContentRepository {
  constructor(private readonly database: Database) {}

  async lists(): Promise<AdminTestsResponse> {
    const tests = await this.database.executeSql<TestRow>(
      `SELECT e.id, e.name, e.duration_seconds, e.created_at,
              (SELECT count(*) FROM questions q WHERE q.exam_id = e.id) AS questions
         FROM exams e WHERE e.is_template ORDER BY e.id DESC LIMIT 500`,
    );
    const groups = await this.database.executeSql<GroupRow>(
      `SELECT g.id, g.name, o.name AS organisation, (SELECT count(*) FROM user_groups ug WHERE ug.group_id = g.id) AS members
         FROM groups g JOIN organizations o ON o.id = g.organization_id
        WHERE g.category = 'TEST' ORDER BY o.name, g.name LIMIT 2000`,
    );
    const schedules = await this.database.executeSql<ScheduleRow>(
      `SELECT s.id, e.name AS test, g.name AS "group", s.starts_at, s.ends_at, s.attempts,
              (SELECT count(DISTINCT ue.user_id) FROM user_exams ue WHERE ue.schedule_id = s.id) AS assigned
         FROM exam_schedules s JOIN exams e ON e.id = s.exam_id JOIN groups g ON g.id = s.group_id
        ORDER BY s.id DESC LIMIT 200`,
    );
    return {
      tests: tests.rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        questions: Number(r.questions),
        durationMinutes: Math.round(Number(r.duration_seconds) / 60),
        createdAt: iso(r.created_at),
      })),
      groups: groups.rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        organisation: r.organisation,
        members: Number(r.members),
      })),
      schedules: schedules.rows.map((r) => ({
        id: Number(r.id),
        test: r.test,
        group: r.group,
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        attempts: Number(r.attempts),
        assigned: Number(r.assigned),
      })),
    };
  }

  async exam(id: number): Promise<ExportExam | null> {
    const { rows } = await this.database.executeSql<ExamRow>(
      `SELECT name, test_type, exam_type_id, duration_seconds, instruction_text, thank_you_message, total_marks_to_attempt
         FROM exams WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      name: r.name,
      testType: Number(r.test_type),
      examTypeId: Number(r.exam_type_id),
      durationSeconds: Number(r.duration_seconds),
      instructionText: r.instruction_text,
      thankYouMessage: r.thank_you_message,
      totalMarksToAttempt: Number(r.total_marks_to_attempt),
    };
  }
}
