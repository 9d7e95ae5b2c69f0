import { DEFAULT_LANGUAGE } from '../shared/constants.ts';
import { TRANSLATION_MISSING, TRANSLATION_NOT_AVAILABLE } from '../shared/question-types.ts';

export const isMissingTranslation = (t: string | null | undefined) =>
  !t || t.trim() === '' || t === TRANSLATION_MISSING;

/**
 * What a view shows for a text: English when the language is en-IN; otherwise the translation
 * (or '( Translation not available )'), with English alongside when include_english is 1.
 */
export function displayTexts(
  english: string,
  translated: string | null | undefined,
  language: string,
  includeEnglish: number,
): { primary: string; english: string | null; missing: boolean } {
  if (!language || language === DEFAULT_LANGUAGE) return { primary: english, english: null, missing: false };
  const missing = isMissingTranslation(translated);
  return {
    primary: missing ? TRANSLATION_NOT_AVAILABLE : translated!,
    english: includeEnglish === 1 ? english : null,
    missing,
  };
}
