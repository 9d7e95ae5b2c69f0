import { and, desc, eq } from 'drizzle-orm';
import { exams, proctoringAudioChecks, proctoringImages, userExams, type Database } from '@invigil/db';

export interface UserExamRef {
  id: number;
  userId: number;
  status: string;
  settings: Record<string, unknown>;
}
export type ImageKind = 'primary' | 'regular' | 'error';

export interface NewImage {
  userExamId: number;
  userId: number;
  kind: ImageKind;
  mediaKey: string;
  sizeBytes: number;
  errorCode?: string | null;
  photoTag?: string | null;
  faceCount?: number | null;
  objectsDetected?: string[] | null;
  objectsCount?: number | null;
  expression1?: string | null;
  expression2?: string | null;
}

export class ProctoringRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async userExam(id: number): Promise<UserExamRef | null> {
    const rows = await this.db
      .select({ id: userExams.id, userId: userExams.userId, status: userExams.status, settings: exams.settings })
      .from(userExams)
      .innerJoin(exams, eq(exams.id, userExams.examId))
      .where(eq(userExams.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  async addImage(img: NewImage): Promise<number> {
    const [row] = await this.db.insert(proctoringImages).values(img).returning({ id: proctoringImages.id });
    if (!row) throw new Error('proctoring image insert returned no row');
    return row.id;
  }

  async latestPrimary(userExamId: number): Promise<{ mediaKey: string } | null> {
    const rows = await this.db
      .select({ mediaKey: proctoringImages.mediaKey })
      .from(proctoringImages)
      .where(and(eq(proctoringImages.userExamId, userExamId), eq(proctoringImages.kind, 'primary')))
      .orderBy(desc(proctoringImages.createdAt), desc(proctoringImages.id))
      .limit(1);
    return rows[0] ?? null;
  }

  async images(userExamId: number) {
    return this.db
      .select()
      .from(proctoringImages)
      .where(eq(proctoringImages.userExamId, userExamId))
      .orderBy(proctoringImages.id);
  }

  async addAudioCheck(v: {
    userExamId: number;
    userId: number;
    speakers: number;
    speechSeconds: number;
    durationSeconds: number;
  }) {
    await this.db
      .insert(proctoringAudioChecks)
      .values({ ...v, speechSeconds: String(v.speechSeconds), durationSeconds: String(v.durationSeconds) });
  }
}
