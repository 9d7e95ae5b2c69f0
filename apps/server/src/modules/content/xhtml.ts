import { escapeText, parseXml, XmlError } from './safe-xml.ts';

/** HTML named entities our content uses, as the characters XML knows (XML has only five). */
const ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  plusmn: '\u00b1',
  deg: '\u00b0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  middot: '\u00b7',
  bull: '\u2022',
  rarr: '\u2192',
  larr: '\u2190',
  euro: '\u20ac',
  pound: '\u00a3',
  rupee: '\u20b9',
};
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const VOID = /<(img|br|hr|source|col|area|wbr|track|input)(\s[^<>]*?)?\s*\/?>/gi;

/**
 * HTML from the database as XHTML a QTI body can hold: named entities as characters, void
 * elements closed. Content the importer wrote is XHTML already; the seed's and hand-written HTML
 * mostly is. What still does not parse as XML is kept as escaped text, never dropped or broken.
 */
export function toXhtml(html: string): { xhtml: string; exact: boolean } {
  const fixed = html
    .replace(/&([a-zA-Z][a-zA-Z0-9]*);/g, (m, name: string) =>
      XML_ENTITIES.has(name) ? m : ENTITIES[name] !== undefined ? ENTITIES[name]! : m,
    )
    .replace(
      VOID,
      (_m, tag: string, attrs: string | undefined) => `<${tag.toLowerCase()}${(attrs ?? '').replace(/\s*\/$/, '')}/>`,
    );
  try {
    parseXml(`<div>${fixed}</div>`);
    return { xhtml: fixed, exact: true };
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    return { xhtml: `<p>${escapeText(html)}</p>`, exact: false };
  }
}
