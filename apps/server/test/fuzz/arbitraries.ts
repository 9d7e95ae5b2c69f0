import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document of this API uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** Values an attacker or a careless client sends: wrong types, edges, NUL, dot segments. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, '', '\u0000', 'a\u0000b', '..', '0x47', '1e2', ' 7', -1, 0, 7.5),
  fc.constantFrom(2_147_483_647, 2_147_483_648, 1e300, Number.MAX_SAFE_INTEGER, '99999999999999999999'),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Ids of the signed-in candidate's rows (attempts, questions), so requests reach the handlers. */
const knownIds: number[] = [];
export const useKnownIds = (ids: number[]) => knownIds.splice(0, knownIds.length, ...ids);

/** Known ids and small ones hit seeded rows; the rest of the range finds the edges. */
const integer = (s: JsonSchema) =>
  fc.oneof(
    fc.constantFrom(...(knownIds.length ? knownIds : [1])),
    fc.integer({ min: Math.max(s.minimum ?? 0, 0), max: Math.min(s.maximum ?? 60, 60) }),
    fc.integer({ min: s.minimum ?? -2_147_483_648, max: s.maximum ?? 2_147_483_647 }),
  );

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): any string below.
    }
  }
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.constantFrom('candidate2@example.com', 'Wrong@123', 'java', 'python', 'all-p', 'STANDARD'),
  );
}

/** A value that mostly fits the schema (so handlers run) and sometimes does not. */
export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return junk;
  const fitting = fitsSchema(s, depth);
  const value = s.nullable ? fc.oneof(fc.constant(null), fitting) : fitting;
  return fc.oneof({ arbitrary: value, weight: 5 }, { arbitrary: junk, weight: 1 });
}

function fitsSchema(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0], depth + 1);
  switch (s.type) {
    case 'integer':
      return integer(s);
    case 'number':
      return fc.oneof(integer(s), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'string':
      return stringOf(s);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return junk;
  }
}
