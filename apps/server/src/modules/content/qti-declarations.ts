import { childElements, descendants, firstChild, textOf, type XmlElement } from './safe-xml.ts';

/** A responseDeclaration: its cardinality and the scoring data QTI gives (correct values, mapping). */
export interface ResponseDecl {
  cardinality: string;
  baseType: string;
  correct: string[];
  /** mapKey -> mappedValue */
  mapping: Map<string, number>;
  upperBound: number | null;
}

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v));

export function responseDeclarations(item: XmlElement): Map<string, ResponseDecl> {
  const out = new Map<string, ResponseDecl>();
  for (const d of childElements(item, 'responseDeclaration')) {
    const correct = firstChild(d, 'correctResponse');
    const mapping = firstChild(d, 'mapping');
    const entries = new Map<string, number>();
    for (const e of mapping ? childElements(mapping, 'mapEntry') : [])
      entries.set(e.attrs.mapKey ?? '', Number(e.attrs.mappedValue ?? 0));
    out.set(d.attrs.identifier ?? '', {
      cardinality: d.attrs.cardinality ?? 'single',
      baseType: d.attrs.baseType ?? '',
      correct: correct ? childElements(correct, 'value').map((v) => textOf(v).trim()) : [],
      mapping: entries,
      upperBound: mapping ? num(mapping.attrs.upperBound) : null,
    });
  }
  return out;
}

/**
 * The marks of an item: the MAXSCORE outcome's default value, else SCORE's normalMaximum, else
 * what the mapping can give (the sum of its positive values, capped by upperBound), else 1.
 */
export function marksOf(item: XmlElement, decls: Map<string, ResponseDecl>): number {
  const outcomes = childElements(item, 'outcomeDeclaration');
  const byId = (id: string) => outcomes.find((o) => o.attrs.identifier === id);
  const defaultOf = (o: XmlElement | undefined) => {
    const v = o && firstChild(o, 'defaultValue');
    const value = v && firstChild(v, 'value');
    return value ? num(textOf(value)) : null;
  };
  const max = defaultOf(byId('MAXSCORE'));
  if (max !== null && Number.isFinite(max) && max >= 0) return max;
  const normal = num(byId('SCORE')?.attrs.normalMaximum);
  if (normal !== null && Number.isFinite(normal) && normal >= 0) return normal;
  let fromMapping = 0;
  for (const d of decls.values()) {
    if (d.mapping.size === 0) continue;
    let sum = [...d.mapping.values()].filter((v) => v > 0).reduce((a, b) => a + b, 0);
    if (d.cardinality === 'single') sum = Math.max(0, ...d.mapping.values());
    fromMapping += d.upperBound !== null ? Math.min(d.upperBound, sum) : sum;
  }
  return fromMapping > 0 ? fromMapping : 1;
}

/** The correct values of a response: correctResponse, else the mapping's positive keys. */
export function correctValues(d: ResponseDecl | undefined): string[] {
  if (!d) return [];
  if (d.correct.length) return d.correct;
  const positive = [...d.mapping.entries()].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
  if (d.cardinality === 'single') return positive.slice(0, 1).map(([k]) => k);
  return positive.map(([k]) => k);
}

/** Interactions in the body, in document order. */
export const interactionsOf = (body: XmlElement): XmlElement[] =>
  descendants(body).filter((e) => e.name.endsWith('Interaction'));
