import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps MathML, as imported QTI items write formulas', () => {
    const html = sanitizeHtml('<p>Half of <math><mfrac><mn>20</mn><mn>2</mn></mfrac></math>?</p>');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect([...doc.querySelectorAll('math mfrac mn')].map((n) => n.textContent)).toEqual(['20', '2']);
  });

  it('still drops scripts, handlers and styles, inside MathML too', () => {
    const html = sanitizeHtml(
      '<math><mi onclick="x()">x</mi><mtext><script>alert(1)</script><style>p{}</style></mtext></math><img src="a.png" onerror="x()" style="color:red">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|style/);
    expect(html).toContain('<mi>x</mi>');
  });
});
