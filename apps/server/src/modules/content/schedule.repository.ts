import { sql } from 'drizzle-orm';
import { BASE_SETTINGS, type DbOrTx } from '@invigil/db/exam-draft';
import type { Database } from '@invigil/db';

interface IdRow {
  id: number;
}

export interface ScheduleInsert {
  templateId: number;
  groupId: number;
  organizationId: number;
  startsAt: Date;
  endsAt: Date;
  seconds: number;
  languages: string[];
  attempts: number;
  settings: Record<string, unknown>;
  createdBy: number | null;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** Scheduling's SQL: copying a template into an instance exam, the schedule, and its attempts. */
export class ScheduleRepository {
  constructor(private readonly database: Database) {}

  async template(id: number): Promise<{ id: number; name: string } | null> {
    const { rows } = await this.database.executeSql<{ id: number; name: string }>(
      'SELECT id, name FROM exams WHERE id = $1 AND is_template',
      [id],
    );
    return rows[0] ? { id: Number(rows[0].id), name: String(rows[0].name) } : null;
  }

  async group(id: number): Promise<{ id: number; organizationId: number } | null> {
    const { rows } = await this.database.executeSql<{ id: number; organization_id: number }>(
      `SELECT id, organization_id FROM groups WHERE id = $1 AND category = 'TEST'`,
      [id],
    );
    return rows[0] ? { id: Number(rows[0].id), organizationId: Number(rows[0].organization_id) } : null;
  }

  /**
   * One transaction: the template's exam row, questions and choices copied into a new instance
   * exam with the schedule's settings, the schedule, and a first attempt for every member.
   */
  async create(s: ScheduleInsert): Promise<{ scheduleId: number; examId: number; assigned: number }> {
    return this.database.db.transaction(async (tx) => {
      const settings = JSON.stringify({ ...BASE_SETTINGS, ...s.settings });
      const exam = rowsOf<IdRow>(
        await tx.execute(sql`INSERT INTO exams (organization_id, name, test_type, exam_type_id, duration_seconds, instruction_text,
            translated_instructions, languages, total_marks_to_attempt, thank_you_message, is_practice, is_template, settings)
          SELECT ${s.organizationId}::int, name, test_type, exam_type_id, ${s.seconds}::int, instruction_text, translated_instructions,
                 ${`{${s.languages.join(',')}}`}::text[],
                 total_marks_to_attempt, thank_you_message, false, false,
                 settings || ${settings}::jsonb
            FROM exams WHERE id = ${s.templateId}::int
          RETURNING id`),
      )[0]!;
      const examId = Number(exam.id);
      await tx.execute(sql`WITH q AS (
          INSERT INTO questions (exam_id, position, qtype_code, qtype_name, text, translations, marks, difficulty, resource_path, passage, content, answer_key)
          SELECT ${examId}::int, position, qtype_code, qtype_name, text, translations, marks, difficulty, resource_path, passage, content, answer_key
            FROM questions WHERE exam_id = ${s.templateId}::int
          RETURNING id, position)
        INSERT INTO choices (question_id, position, text, translations, blank_key, resource_path, is_correct)
        SELECT q.id, c.position, c.text, c.translations, c.blank_key, c.resource_path, c.is_correct
          FROM choices c JOIN questions oq ON oq.id = c.question_id AND oq.exam_id = ${s.templateId}::int
          JOIN q ON q.position = oq.position`);
      const schedule = rowsOf<IdRow>(
        await tx.execute(sql`INSERT INTO exam_schedules (exam_id, source_exam_id, group_id, starts_at, ends_at, attempts, created_by)
          VALUES (${examId}::int, ${s.templateId}::int, ${s.groupId}::int, ${s.startsAt.toISOString()}::timestamptz,
                  ${s.endsAt.toISOString()}::timestamptz, ${s.attempts}::int, ${s.createdBy}::int)
          RETURNING id`),
      )[0]!;
      const assigned = await this.assignMembers(tx, [s.groupId]);
      return { scheduleId: Number(schedule.id), examId, assigned };
    });
  }

  /**
   * A first attempt of every open schedule of these groups for each member who has none yet
   * (a schedule made before a roster added members reaches them too). Returns rows added.
   */
  async assignMembers(tx: DbOrTx, groupIds: number[]): Promise<number> {
    if (groupIds.length === 0) return 0;
    const ids = sql.join(
      groupIds.map((g) => sql`${g}::int`),
      sql`, `,
    );
    const rows = rowsOf<IdRow>(
      await tx.execute(sql`INSERT INTO user_exams (user_id, exam_id, group_id, schedule_id, attempt_no, status, scheduled_at, expires_at)
        SELECT ug.user_id, s.exam_id, s.group_id, s.id, 1, '000', s.starts_at, s.ends_at
          FROM exam_schedules s JOIN user_groups ug ON ug.group_id = s.group_id
         WHERE s.group_id IN (${ids}) AND s.ends_at > now()
        ON CONFLICT DO NOTHING
        RETURNING id`),
    );
    return rows.length;
  }

  /**
   * After an attempt closed as completed or timed out: the next attempt of its schedule when
   * one is left and the window is still open (an aborted attempt, 111, ends the tries).
   */
  async nextAttempt(userExamId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql<IdRow>(
      `INSERT INTO user_exams (user_id, exam_id, group_id, schedule_id, attempt_no, status, scheduled_at, expires_at)
       SELECT ue.user_id, ue.exam_id, ue.group_id, ue.schedule_id, ue.attempt_no + 1, '000', GREATEST(now(), s.starts_at), s.ends_at
         FROM user_exams ue JOIN exam_schedules s ON s.id = ue.schedule_id
        WHERE ue.id = $1 AND ue.status IN ('010', '011') AND ue.attempt_no < s.attempts AND s.ends_at > now()
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [userExamId],
    );
    return rows.length > 0;
  }
}
