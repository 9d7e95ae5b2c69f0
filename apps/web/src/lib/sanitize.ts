import DOMPurify from 'dompurify';

/** Content HTML (questions, instructions, thank-you text) made safe to render. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
