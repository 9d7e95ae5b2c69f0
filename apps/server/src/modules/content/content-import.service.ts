import type { ImportReport } from '@invigil/contracts';
import type { Database } from '@invigil/db';
import { insertExam } from '@invigil/db/exam-draft';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import { readContent, type ContentResult } from './content-reader.ts';
import type { ZipLimits } from './safe-zip.ts';

/** Media files put at once while an import stores its package's files. */
const PUT_CONCURRENCY = 4;

function report(r: ContentResult, examId: number | null): ImportReport {
  return {
    imported: examId !== null,
    examId,
    title: r.title,
    format: r.format,
    items: r.items,
    media: r.media.stored.length,
    problems: r.problems,
    notes: r.notes,
  };
}

/**
 * Imports tests (issue 17): one service behind the REST call, the command and the admin screen.
 * All or nothing: the whole upload is read and checked first; only without a single problem are
 * its media put through the media port and the test written in one transaction, as a template
 * (exams.is_template) that scheduling copies. A failure after the first file was put removes the
 * files put so far, so nothing is left half-imported.
 */
export class ContentImportService {
  constructor(
    private readonly database: Database,
    private readonly media: MediaStorage,
    private readonly zipLimits?: ZipLimits,
  ) {}

  async import(data: Buffer, options: { fileName?: string; title?: string } = {}): Promise<ImportReport> {
    const result = await readContent(data, { ...options, zipLimits: this.zipLimits });
    if (result.problems.length) return report(result, null);
    const stored: string[] = [];
    try {
      const files = result.media.stored;
      for (let i = 0; i < files.length; i += PUT_CONCURRENCY) {
        const puts = await Promise.allSettled(
          files.slice(i, i + PUT_CONCURRENCY).map(async (f) => {
            await this.media.put(f.key, f.data, f.contentType);
            stored.push(f.key);
          }),
        );
        const failed = puts.find((p) => p.status === 'rejected');
        if (failed) throw failed.reason;
      }
      const examId = await this.database.db.transaction((tx) =>
        insertExam(tx, result.exam, { organizationId: null, isTemplate: true }),
      );
      return report(result, examId);
    } catch (e) {
      await Promise.allSettled(stored.map((k) => this.media.delete(k)));
      throw e;
    }
  }
}
