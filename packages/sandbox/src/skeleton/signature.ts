/** The spec's multi-value separator (paramtype, paramvalue). */
export const MULTI = '|^^|';

export type BaseType = 'int' | 'long' | 'double' | 'bool' | 'char' | 'string';
export interface ValueType {
  base: BaseType;
  array: boolean;
}
export interface Param {
  name: string;
  type: ValueType;
}
/** A function-style problem: class (where the language has one), method, parameters, return. */
export interface Signature {
  classname: string;
  methodname: string;
  params: Param[];
  returns: ValueType | null;
}

const BASES: Record<string, BaseType> = {
  int: 'int',
  integer: 'int',
  short: 'int',
  byte: 'int',
  long: 'long',
  longlong: 'long',
  int64: 'long',
  double: 'double',
  float: 'double',
  number: 'double',
  decimal: 'double',
  bool: 'bool',
  boolean: 'bool',
  char: 'char',
  character: 'char',
  string: 'string',
  str: 'string',
  'char*': 'string',
  'std::string': 'string',
};

/** Parses a type name in any of the languages' spellings: int[], List<Integer>, vector<int>, String, str... */
export function parseType(raw: string): ValueType | null {
  let t = raw.trim().toLowerCase().replace(/\s+/g, '');
  let array = false;
  const generic = /^(?:list|arraylist|vector|std::vector|array)<(.+)>$/.exec(t);
  if (generic) {
    array = true;
    t = generic[1];
  } else if (t.endsWith('[]')) {
    array = true;
    t = t.slice(0, -2);
  } else if (/^list\[(.+)\]$/.test(t)) {
    array = true;
    t = /^list\[(.+)\]$/.exec(t)![1];
  }
  const base = BASES[t];
  return base ? { base, array } : null;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED = new Set([
  'main',
  'class',
  'int',
  'def',
  'function',
  'return',
  'new',
  'public',
  'static',
  'void',
  'char',
  'long',
  'double',
  'bool',
  'string',
]);

export class SignatureError extends Error {
  readonly statusCode = 400;
}

function splitMulti(value: string): string[] {
  if (value.trim() === '') return [];
  return value.includes(MULTI) ? value.split(MULTI) : value.split(/,(?![^[{(<]*[\]})>])/);
}

/**
 * Builds a signature from the question's fields. paramtype entries are "type" or "type name",
 * separated by '|^^|' (or commas outside brackets); methodreturntype may be void.
 */
export function parseSignature(input: {
  classname?: string | null;
  methodname: string;
  paramtype?: string | null;
  methodreturntype?: string | null;
}): Signature {
  const classname = (input.classname ?? '').trim() || 'Solution';
  const methodname = input.methodname.trim();
  if (!IDENT.test(classname) || RESERVED.has(classname)) throw new SignatureError(`invalid class name: ${classname}`);
  if (!IDENT.test(methodname) || RESERVED.has(methodname))
    throw new SignatureError(`invalid method name: ${methodname}`);
  const params: Param[] = splitMulti(input.paramtype ?? '').map((entry, i) => {
    const parts = entry.trim().split(/\s+/);
    const last = parts.length > 1 ? parts[parts.length - 1] : '';
    const hasName = last !== '' && IDENT.test(last) && !parseType(last);
    const type = parseType(hasName ? parts.slice(0, -1).join('') : parts.join(''));
    if (!type) throw new SignatureError(`unsupported parameter type: ${entry.trim()}`);
    const name = hasName && !RESERVED.has(last) ? last : `arg${i + 1}`;
    return { name, type };
  });
  const names = new Set(params.map((p) => p.name));
  if (names.size !== params.length) throw new SignatureError('parameter names must differ');
  const rt = (input.methodreturntype ?? 'void').trim();
  const returns = rt === '' || rt.toLowerCase() === 'void' || rt.toLowerCase() === 'none' ? null : parseType(rt);
  if (returns === null && rt !== '' && !/^(void|none)$/i.test(rt))
    throw new SignatureError(`unsupported return type: ${rt}`);
  return { classname, methodname, params, returns };
}

export type Value = number | string | boolean | Value[];

function scalar(text: string, base: BaseType): Value {
  const s = text.trim();
  switch (base) {
    case 'int':
    case 'long':
    case 'double': {
      const n = Number(s);
      if (s === '' || !Number.isFinite(n)) throw new SignatureError(`not a number: ${text}`);
      return base === 'double' ? n : Math.trunc(n);
    }
    case 'bool':
      return /^(true|1|yes)$/i.test(s);
    case 'char':
      return (s.replace(/^'(.*)'$/s, '$1') || ' ')[0];
    default:
      return s.replace(/^"(.*)"$/s, '$1');
  }
}

/** Reads one value given as JSON or as loose text ("[1,2,3]", "{1, 2}", "1 2 3", "'a'", "\"x\""). */
export function coerceValue(raw: unknown, type: ValueType): Value {
  if (type.array) {
    let items: unknown[];
    if (Array.isArray(raw)) items = raw;
    else {
      const s = String(raw ?? '').trim();
      try {
        const parsed = JSON.parse(s.replace(/^\{(.*)\}$/s, '[$1]'));
        items = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        const inner = s.replace(/^[[{](.*)[\]}]$/s, '$1').trim();
        items = inner === '' ? [] : inner.split(/\s*,\s*|\s+/);
      }
    }
    return items.map((v) => coerceValue(v, { base: type.base, array: false }));
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') return scalar(String(raw), type.base);
  return scalar(String(raw ?? ''), type.base);
}

/** The sample values of paramvalue, one per parameter (missing ones get a zero value). */
export function sampleValues(sig: Signature, paramvalue?: string | null): Value[] {
  const raw = splitMulti(paramvalue ?? '');
  return sig.params.map((p, i) => {
    if (raw[i] === undefined)
      return p.type.array
        ? []
        : p.type.base === 'string'
          ? ''
          : p.type.base === 'bool'
            ? false
            : p.type.base === 'char'
              ? 'a'
              : 0;
    return coerceValue(raw[i], p.type);
  });
}

function escapeLine(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

function scalarLine(v: Value): string {
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return escapeLine(String(v));
}

/** The stdin a test harness reads: one line per scalar; an array is its length then one line per item. */
export function encodeArgs(sig: Signature, values: Value[]): string {
  const lines: string[] = [];
  sig.params.forEach((p, i) => {
    const v = values[i];
    if (p.type.array) {
      const items = Array.isArray(v) ? v : [];
      lines.push(String(items.length), ...items.map(scalarLine));
    } else lines.push(scalarLine(v));
  });
  return lines.join('\n') + '\n';
}

/** The canonical text a harness prints for a return value (arrays: items separated by spaces). */
export function canonicalOutput(v: unknown): string {
  if (Array.isArray(v)) return v.map(canonicalOutput).join(' ');
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v ?? '').trim();
}
