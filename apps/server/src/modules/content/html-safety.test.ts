import { describe, expect, it } from 'vitest';
import { isSafeDataUri, unsafeHtmlReason, withoutDataAttributes } from './html-safety.ts';

/** Content HTML an extension document brings (prompts, translations, instructions): read as a browser reads it. */
describe('unsafeHtmlReason', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<script> is not allowed in question content'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>', '<script> is not allowed in question content'],
    ['<p>x</p><style>body{display:none}</style>', '<style> is not allowed in question content'],
    ['<iframe src="https://evil.example"></iframe>', '<iframe> is not allowed in question content'],
    ['<svg><script>alert(1)</script></svg>', '<svg> is not allowed in question content'],
    ['<form action="https://evil.example"><input name=p></form>', '<form> is not allowed in question content'],
    ['<img src=x onerror=alert(1)>', 'the event handler attribute onerror on <img> is not allowed'],
    // A quoted > does not end the tag for a browser, nor here.
    ['<img alt=">" onerror="alert(1)" src=x>', 'the event handler attribute onerror on <img> is not allowed'],
    ['<a href="javascript:alert(1)">x</a>', 'the link "javascript:alert(1)" (javascript:) is not allowed (on <a>)'],
    [
      '<a href="java&#x09;script&colon;alert(1)">x</a>',
      expect.stringMatching(/^the link .*\(javascript:\) is not allowed \(on <a>\)$/),
    ],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', expect.stringMatching(/\(javascript:\) is not allowed/)],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', expect.stringMatching(/\(data:\) is not allowed/)],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', expect.stringMatching(/\(data:\) is not allowed/)],
    ['<video poster="vbscript:msgbox(1)"></video>', expect.stringMatching(/\(vbscript:\) is not allowed/)],
    [
      `<img src="data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>').toString('base64')}">`,
      expect.stringMatching(/^the data: URI "data:image\/png;base64,PGh0bWw\+.*" is not a PNG picture \(on <img>\)$/),
    ],
  ])('refuses %s', (html, reason) => {
    expect(unsafeHtmlReason(html)).toEqual(reason);
  });

  it.each([
    '<p>Write a function in JavaScript: it returns <code>a &lt; b</code>.</p>',
    '<p>See <a href="https://example.org/docs">the docs</a> or <a href="#part2">part 2</a>.</p>',
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"/> <img src="/media/items/x/1-a.png"></p>',
    'Plain text with 3 < 4 and an onion=1 in it',
    '<table><tr><td colspan="2">x</td></tr></table>',
  ])('keeps %s', (html) => {
    expect(unsafeHtmlReason(html)).toBeNull();
  });

  it('data: URIs: pictures, audio and video only', () => {
    expect(isSafeDataUri('data:image/jpeg;base64,/9j/')).toBe(true);
    expect(isSafeDataUri('data:audio/mpeg;base64,AAAA')).toBe(true);
    expect(isSafeDataUri('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(isSafeDataUri('data:text/html,<script>')).toBe(false);
  });
});

/** ADR 0190: an author's data-* value would reach the candidate's DOM; nothing shown uses one. */
describe('withoutDataAttributes', () => {
  it.each([
    ['<p data-answer="B">Pick one</p>', '<p>Pick one</p>'],
    ['<p class="q" data-answer="B" title="t">x</p>', '<p class="q" title="t">x</p>'],
    ['<p DATA-Answer=B>x</p>', '<p>x</p>'],
    ['<img data-correct="yes" src="/media/items/x/1-a.png"/>', '<img src="/media/items/x/1-a.png"/>'],
    // no space left between two attributes is still two attributes
    ['<p data-a="1"class="q">x</p>', '<p class="q">x</p>'],
    // a repeated attribute: a browser keeps the first, so the second must go too
    ['<p data-a="x" data-a="B">x</p>', '<p>x</p>'],
    ['<ul><li data-k="1">a<b data-k="2">b</b></li></ul>', '<ul><li>a<b>b</b></li></ul>'],
    ['<table><tr><td data-x="1">c</td></tr></table>', '<table><tr><td>c</td></tr></table>'],
  ])('drops them from %s', (html, expected) => {
    expect(withoutDataAttributes(html)).toBe(expected);
  });

  it.each([
    '<p>The data-answer attribute, in text, stays: data-x="1"</p>',
    '<p title="data-x">x</p><code>&lt;p data-a="1"&gt;</code>',
    '<p>Plain <b>markup</b> keeps its exact form<br></p>',
  ])('leaves %s as written', (html) => {
    expect(withoutDataAttributes(html)).toBe(html);
  });
});
