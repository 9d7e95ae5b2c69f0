import { SaxesParser } from 'saxes';

/** An element of a parsed document: local name (QTI 3 names normalised, see below), attributes, children. */
export interface XmlElement {
  kind: 'element';
  /** the local name; QTI 3's `qti-choice-interaction` becomes `choiceInteraction` */
  name: string;
  /** the namespace URI ('' when none) */
  ns: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
interface XmlText {
  kind: 'text';
  text: string;
}
export type XmlNode = XmlElement | XmlText;

/** Why a document was refused: the message goes to the import report as it is. */
export class XmlError extends Error {}

export interface XmlLimits {
  /** bytes of the document */
  maxBytes: number;
  /** elements in the document */
  maxElements: number;
  /** nesting depth */
  maxDepth: number;
}

const XML_LIMITS: XmlLimits = { maxBytes: 8 * 1024 * 1024, maxElements: 200_000, maxDepth: 200 };

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * QTI 3 writes names in kebab case with a `qti-` prefix (`qti-choice-interaction`,
 * `response-identifier`); QTI 2.x in camel case (`choiceInteraction`, `responseIdentifier`).
 * Elements and attributes of the QTI namespaces are brought to the 2.x spelling so one mapper
 * reads both. XHTML elements (`p`, `img`) and `data-*` attributes are left as they are.
 */
function qtiName(local: string): string {
  if (!local.startsWith('qti-')) return local;
  return camel(local.slice(4));
}
const qtiAttr = (local: string) => (local.startsWith('data-') || !local.includes('-') ? local : camel(local));

/**
 * Parses XML into a small tree with a strict, non-validating parser that never fetches or
 * expands anything: a DOCTYPE that declares entities (the "billion laughs" bomb, external
 * entities) is refused outright, and an entity reference other than the five predefined ones
 * and character references is a parse error. Size, element count and depth are bounded.
 */
export function parseXml(source: Buffer | string, limits: XmlLimits = XML_LIMITS): XmlElement {
  const size = typeof source === 'string' ? Buffer.byteLength(source) : source.length;
  if (size > limits.maxBytes) throw new XmlError(`The XML file is larger than ${limits.maxBytes} bytes.`);
  const text = typeof source === 'string' ? source : source.toString('utf8');
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: XmlElement = { kind: 'element', name: '#document', ns: '', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let elements = 0;
  let failure: Error | null = null;
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype))
      throw new XmlError('The XML declares entities (DOCTYPE <!ENTITY>), which are never expanded: refused.');
    if (/\bSYSTEM\b|\bPUBLIC\b/.test(doctype) && /\[/.test(doctype))
      throw new XmlError('The XML has an internal DTD subset, which is not allowed.');
  });
  parser.on('opentag', (tag) => {
    if (++elements > limits.maxElements) throw new XmlError(`The XML has more than ${limits.maxElements} elements.`);
    if (stack.length > limits.maxDepth) throw new XmlError(`The XML is nested deeper than ${limits.maxDepth} levels.`);
    const ns = tag.uri ?? '';
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      const local =
        a.prefix && a.prefix !== 'xml' ? `${a.prefix}:${a.local}` : a.prefix === 'xml' ? `xml:${a.local}` : a.local;
      attrs[qtiAttr(local)] = a.value;
    }
    const el: XmlElement = { kind: 'element', name: qtiName(tag.local ?? tag.name), ns, attrs, children: [] };
    stack[stack.length - 1]!.children.push(el);
    stack.push(el);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (t: string) => {
    const parent = stack[stack.length - 1]!;
    const last = parent.children[parent.children.length - 1];
    if (last?.kind === 'text') last.text += t;
    else parent.children.push({ kind: 'text', text: t });
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (e) => {
    failure ??= e;
  });
  try {
    parser.write(text).close();
  } catch (e) {
    failure ??= e as Error;
  }
  if (failure) {
    const message = (failure as Error).message.split('\n')[0] ?? 'unreadable';
    throw failure instanceof XmlError ? failure : new XmlError(`Malformed XML: ${message}`);
  }
  const top = root.children.find((c): c is XmlElement => c.kind === 'element');
  if (!top) throw new XmlError('The XML has no root element.');
  return top;
}

/** Child elements, optionally by name. */
export const childElements = (el: XmlElement, name?: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => c.kind === 'element' && (!name || c.name === name));

export const firstChild = (el: XmlElement, name: string): XmlElement | undefined => childElements(el, name)[0];

/** Every descendant element (depth first, document order), optionally by name. */
export function descendants(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.kind !== 'element') continue;
      if (!name || c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** The element's text content. */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
}

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');
