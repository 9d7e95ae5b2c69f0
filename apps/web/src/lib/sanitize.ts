import DOMPurify from 'dompurify';

/**
 * Content HTML (questions, instructions, thank-you text) made safe to render. MathML is kept:
 * imported QTI items write their formulas in it, and without it a fraction's digits run together.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
