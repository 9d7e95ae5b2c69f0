import { createDb, type Database } from '@invigil/db';
import { hashPassword } from '@invigil/db/passwords';
import { seed } from '@invigil/db/seed/index';

export const BENCH_PASSWORD = 'Bench@12345';
const QUESTIONS = 50;

/** A fresh database: migrated, the demo seed, a 50-question exam and N candidates each assigned it. */
export async function prepare(opts: { databaseUrl?: string; dataDir?: string; candidates: number }): Promise<number[]> {
  const ids: number[] = [];
  const database: Database = await createDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  await database.migrate();
  await seed(database, { reset: true });
  const {
    rows: [exam],
  } = await database.executeSql(
    `INSERT INTO exams (organization_id, name, test_type, exam_type_id, duration_seconds, instruction_text, settings)
     VALUES (1, 'Bench: 50 questions', 1, 1, 7200, '<p>Bench</p>', '{"showscore":1}') RETURNING id`,
  );
  for (let q = 1; q <= QUESTIONS; q++) {
    const {
      rows: [row],
    } = await database.executeSql(
      `INSERT INTO questions (exam_id, position, qtype_code, qtype_name, text) VALUES ($1, $2, 1, 'Single Choice', $3) RETURNING id`,
      [exam.id, q, `<p>Bench question ${q}</p>`],
    );
    for (let c = 1; c <= 4; c++) {
      await database.executeSql(
        'INSERT INTO choices (question_id, position, text, is_correct) VALUES ($1, $2, $3, $4)',
        [row.id, c, `Choice ${c}`, c === 2],
      );
    }
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  for (let i = 0; i < opts.candidates; i++) {
    const {
      rows: [u],
    } = await database.executeSql(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Bench', $3) RETURNING id`,
      [`bench${i}@example.com`, hash, String(i)],
    );
    await database.executeSql('INSERT INTO user_organizations (user_id, organization_id) VALUES ($1, 1)', [u.id]);
    const {
      rows: [ue],
    } = await database.executeSql(
      `INSERT INTO user_exams (user_id, exam_id, status, scheduled_at) VALUES ($1, $2, '000', now() - interval '1 day') RETURNING id`,
      [u.id, exam.id],
    );
    ids.push(Number(ue.id));
  }
  await database.close();
  return ids;
}
