import { notFound } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import type { ContentRepository } from './content.repository.ts';
import { exportQti } from './qti-export.ts';
import { questionMediaReader, type MediaReader } from './question-media-reader.ts';

/** Export of a test as a QTI 3.0 package (any test: imported, scheduled or a demo one). */
export class ContentExportService {
  constructor(
    private readonly content: ContentRepository,
    private readonly exams: ExamRepository,
    private readonly media: MediaStorage,
    private readonly webDist: string | undefined,
  ) {}

  /** Imported media from the media port; other /media/ files from the web's public folder. */
  private get read(): MediaReader {
    return questionMediaReader(this.media, this.webDist);
  }

  async export(examId: number) {
    const exam = await this.content.exam(examId);
    if (!exam) throw notFound('No test with this id.');
    const questions = await this.exams.questions(examId);
    const { zip, notes } = await exportQti(exam, questions, this.read);
    const name = `${
      exam.name
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 80) || 'test'
    }-qti3.zip`;
    return { zip, notes, name };
  }
}
