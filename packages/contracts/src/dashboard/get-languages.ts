import { z } from 'zod';

/** GET /api/dashboard/getLanguages with header `userexamid`: the languages one of the user's tests offers. */
export const GetLanguagesHeaders = z
  .object({ userexamid: z.string().regex(/^\d{1,9}$/, 'userexamid must be a number') })
  .passthrough();

export const LanguageOption = z.object({ locale: z.string(), language: z.string() });
export type LanguageOption = z.infer<typeof LanguageOption>;

export const GetLanguagesResponse = z.object({
  languagesData: z.array(LanguageOption),
  /** The language already chosen for this attempt, or the test's default. */
  preferredLanguage: z.string(),
});
export type GetLanguagesResponse = z.infer<typeof GetLanguagesResponse>;
