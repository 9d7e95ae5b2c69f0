import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import type { ContentRepository } from './content.repository.ts';
import { ITEM_MEDIA_KEY_RE, ITEM_MEDIA_PREFIX } from './media-bag.ts';
import { exportQti, type MediaReader } from './qti-export.ts';

/** Export of a test as a QTI 3.0 package (any test: imported, scheduled or a demo one). */
export class ContentExportService {
  constructor(
    private readonly content: ContentRepository,
    private readonly exams: ExamRepository,
    private readonly media: MediaStorage,
    private readonly webDist: string | undefined,
  ) {}

  /** Imported media from the media port; other /media/ files from the web's public folder. */
  private readonly read: MediaReader = async (url) => {
    if (url.startsWith(ITEM_MEDIA_PREFIX)) {
      const key = `items/${url.slice(ITEM_MEDIA_PREFIX.length)}`;
      const data = ITEM_MEDIA_KEY_RE.test(key) ? await this.media.get(key) : null;
      return data ? { data } : null;
    }
    if (!this.webDist || url.includes('..')) return null;
    try {
      return { data: await readFile(path.join(this.webDist, url)) };
    } catch {
      return null;
    }
  };

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
