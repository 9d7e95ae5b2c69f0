import { parseFragment } from 'parse5';
import { dataUriMismatch } from '../../lib/media/data-uri.ts';

/**
 * Elements that never belong in question content: they run script, load another document or
 * page, take input, or restyle and rewrite the page around the question. An import that holds
 * one is refused with the reason (ADR 0151: reported, never silently dropped); the web
 * sanitises again when it shows content (DOMPurify), so this is the server's own line.
 */
export const FORBIDDEN_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'applet',
  'object',
  'param',
  'base',
  'meta',
  'link',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'template',
  'noscript',
  'portal',
]);

/** Attributes whose value a browser loads or navigates to. */
const URL_ATTRS = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
  'data',
  'xlink:href',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** data: URIs kept in content: raster pictures, audio and video (never HTML, SVG or script). */
export const isSafeDataUri = (uri: string) =>
  /^data:(image\/(png|jpeg|gif|webp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)[;,]/i.test(uri.trim());

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** Why a URL attribute's value is refused (a script or other unsafe scheme), or null. */
function unsafeUrl(value: string): string | null {
  // Browsers ignore whitespace and control characters inside a scheme (java\tscript:).
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
  if (!scheme || SAFE_SCHEMES.has(scheme)) return null;
  if (scheme === 'data' && isSafeDataUri(squeezed)) {
    // The payload is case-sensitive: its bytes are read from the value, not the squeezed form.
    const expected = dataUriMismatch(value);
    return expected ? `the data: URI "${short(value.trim())}" is not ${expected}` : null;
  }
  return `the link "${short(value.trim())}" (${scheme}:) is not allowed`;
}

interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string; prefix?: string }>;
  childNodes?: P5Node[];
  content?: P5Node;
}

/**
 * Why HTML a candidate will be shown is refused, or null when it is fine: read with parse5, as
 * a browser reads it (entities, unclosed tags and quoted `>` included), then every element is
 * checked for a forbidden element, an event handler (`on…`), `srcdoc`, or a URL attribute with
 * a script or other unsafe scheme (javascript:, vbscript:, data: other than pictures, audio and
 * video).
 */
export function unsafeHtmlReason(html: string): string | null {
  const root = parseFragment(html) as unknown as P5Node;
  const stack: P5Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.tagName) {
      const tag = node.tagName.toLowerCase();
      if (FORBIDDEN_ELEMENTS.has(tag)) return `<${tag}> is not allowed in question content`;
      for (const a of node.attrs ?? []) {
        const name = (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase();
        if (name.startsWith('on')) return `the event handler attribute ${name} on <${tag}> is not allowed`;
        if (name === 'srcdoc') return `the srcdoc attribute on <${tag}> is not allowed`;
        if (URL_ATTRS.has(name)) {
          const bad = unsafeUrl(a.value);
          if (bad) return `${bad} (on <${tag}>)`;
        }
      }
    }
    if (node.content) stack.push(node.content);
    for (const c of node.childNodes ?? []) stack.push(c);
  }
  return null;
}

interface P5Located extends P5Node {
  childNodes?: P5Located[];
  content?: P5Located;
  sourceCodeLocation?: { attrs?: Record<string, { startOffset: number; endOffset: number }> } | null;
}

/**
 * The HTML without its data-* attributes, otherwise as written (each attribute is cut out where
 * parse5 found it, so the rest of the markup keeps its exact form). The extension document's
 * HTML is stored as the author wrote it; QTI markup drops them when it is rewritten (qti-html.ts).
 * A data-* value reaches the candidate's DOM, and nothing the product shows uses one (ADR 0190).
 */
export function withoutDataAttributes(html: string): string {
  // A repeated attribute counts once, the first: cutting it would bring the next to life, so
  // cut until none is left.
  for (let out = html; ;) {
    const next = cutDataAttributes(out);
    if (next === out) return out;
    out = next;
  }
}

function cutDataAttributes(html: string): string {
  if (!/data-/i.test(html)) return html;
  const root = parseFragment(html, { sourceCodeLocationInfo: true }) as unknown as P5Located;
  const cuts: Array<[number, number]> = [];
  const stack: P5Located[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    for (const a of node.attrs ?? []) {
      const at = node.sourceCodeLocation?.attrs?.[a.name];
      if (a.name.toLowerCase().startsWith('data-') && at) cuts.push([at.startOffset, at.endOffset]);
    }
    if (node.content) stack.push(node.content);
    for (const c of node.childNodes ?? []) stack.push(c);
  }
  let out = html;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) {
    // the whitespace before the attribute goes with it; one space stays between two attributes
    let from = start;
    while (from > 0 && /\s/.test(out[from - 1]!)) from--;
    const gap = /^[^\s/>]/.test(out.slice(end)) ? ' ' : '';
    out = out.slice(0, from) + gap + out.slice(end);
  }
  return out;
}
