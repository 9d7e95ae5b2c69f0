/**
 * The app's translator: the subset of i18next the screens use, in a few hundred bytes instead of
 * i18next's 18 KB gzipped (ADR 0040). Keys are looked up in the given namespaces in order
 * (`ns:key` picks one), dots walk nested objects, `{{name}}` is replaced by the option of that
 * name (no HTML escaping: React escapes text), a missing key gives `defaultValue` or the key.
 */
export type Texts = { [key: string]: string | readonly string[] | Texts };
type TOptions = { returnObjects?: boolean; defaultValue?: string } & Record<string, unknown>;
export interface TFunction {
  /** With `returnObjects`, an array or object of texts (cast at the call site). */
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const namespaces = new Map<string, Texts>();

/** Adds (or replaces) a namespace's texts. */
export function addTexts(ns: string, texts: Texts): void {
  namespaces.set(ns, texts);
}

function lookup(ns: string, key: string): unknown {
  let node: unknown = namespaces.get(ns);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const interpolate = (text: string, options: TOptions | undefined) =>
  options
    ? text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
        name in options ? String(options[name]) : whole,
      )
    : text;

/** A translate function bound to namespaces (the first is searched first). */
export function fixedT(ns: string | readonly string[] = 'common'): TFunction {
  const list = typeof ns === 'string' ? [ns] : ns;
  return ((key: string, options?: TOptions) => {
    const colon = key.indexOf(':');
    const [searched, bare] =
      colon > 0 && namespaces.has(key.slice(0, colon)) ? [[key.slice(0, colon)], key.slice(colon + 1)] : [list, key];
    for (const n of searched) {
      const value = lookup(n, bare);
      if (typeof value === 'string') return interpolate(value, options);
      if (value !== undefined && options?.returnObjects) return value as string;
    }
    return options?.defaultValue ?? bare;
  }) as TFunction;
}
