import { z } from 'zod';

/** One item the import could not take, and why (never silently dropped). */
export const ImportProblem = z.object({
  /** the item's identifier, the file, or 'package' / 'manifest' for the whole */
  item: z.string(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/**
 * What an import did. All or nothing: `imported` is false whenever `problems` is not empty,
 * and then nothing was written (no exam, no media).
 */
export const ImportReport = z.object({
  imported: z.boolean(),
  examId: z.number().int().nullable(),
  title: z.string(),
  /** 'qti-3.0', 'qti-2.2', 'qti-2.1' or 'invigil-extension' */
  format: z.string(),
  items: z.array(
    z.object({
      identifier: z.string(),
      /** the interaction (or extension kind) it came from */
      from: z.string(),
      qtypecode: z.number().int(),
      qtypename: z.string(),
    }),
  ),
  media: z.number().int().min(0),
  problems: z.array(ImportProblem),
  /** what was read differently from the package (random selection, shuffling), never a refusal */
  notes: z.array(z.string()),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** The multipart form of POST /api/admin/imports: the file (a QTI zip or an extension JSON) and an optional title. */
export const ImportPackageQuery = z.object({
  title: z.string().trim().min(1).max(300).optional(),
});
