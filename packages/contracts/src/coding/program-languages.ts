import { z } from 'zod';

/** GET /api/test/programlanguages?codinglang=all-p: the coding language options (id, codinglanguage). */
export const ProgramLanguagesQuery = z.object({
  /** The exam's codinglang setting: 'all', 'all-p' / 'all_p' (no HTML or SQL) or one language. */
  codinglang: z.string().max(40).optional(),
});
export const ProgramLanguage = z.object({
  id: z.number().int(),
  codinglanguage: z.string(),
  name: z.string(),
  kind: z.enum(['program', 'sql', 'markup']),
  excludedFromAllP: z.boolean(),
});
export const ProgramLanguagesResponse = z.array(ProgramLanguage);
export type ProgramLanguagesQuery = z.infer<typeof ProgramLanguagesQuery>;
export type ProgramLanguage = z.infer<typeof ProgramLanguage>;
export type ProgramLanguagesResponse = z.infer<typeof ProgramLanguagesResponse>;
