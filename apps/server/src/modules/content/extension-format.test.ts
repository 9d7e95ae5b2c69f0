import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ExtensionDocument } from '@invigil/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapExtensionItem, parseExtension } from './extension-import.ts';
import { MediaBag } from './media-bag.ts';

/** The published JSON Schema (what /api/docs/invigil-extension.schema.json serves) and the server's check agree. */
const schema = z.toJSONSchema(ExtensionDocument, { io: 'input', target: 'draft-2020-12' });
const validate = new Ajv2020({ strict: false }).compile(schema);
const fixture = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../test/fixtures/qti/qti3/invigil-extension.invigil.json'),
    'utf8',
  ),
);

const cases: Array<[string, unknown, boolean]> = [
  ['the fixture document', fixture, true],
  [
    'a document with only a typing test',
    {
      format: 'invigil-extension',
      version: 1,
      items: [{ identifier: 't', type: 'typingTest', prompt: '<p>Type</p>', sourceText: 'a b' }],
    },
    true,
  ],
  [
    'adaptive pools',
    {
      format: 'invigil-extension',
      version: 1,
      adaptive: { totalMarksToAttempt: 3, pools: { '1': ['a'], '2': [], '3': ['b'] } },
    },
    true,
  ],
  ['another format', { format: 'qti', version: 1 }, false],
  ['version 2', { format: 'invigil-extension', version: 2 }, false],
  [
    'an unknown item type',
    { format: 'invigil-extension', version: 1, items: [{ identifier: 'x', type: 'hologram', prompt: 'p' }] },
    false,
  ],
  [
    'a bad identifier',
    { format: 'invigil-extension', version: 1, items: [{ identifier: '1 x', type: 'videoInterview', prompt: 'p' }] },
    false,
  ],
  [
    'an unknown coding language',
    {
      format: 'invigil-extension',
      version: 1,
      items: [{ identifier: 'c', type: 'coding', prompt: 'p', languages: 'cobol' }],
    },
    false,
  ],
  [
    'negative marks',
    {
      format: 'invigil-extension',
      version: 1,
      items: [{ identifier: 'v', type: 'videoInterview', prompt: 'p', marks: -1 }],
    },
    false,
  ],
];

describe('the extension format', () => {
  it.each(cases)('%s: the JSON Schema and the server agree', (_name, doc, valid) => {
    expect(validate(doc)).toBe(valid);
    expect(ExtensionDocument.safeParse(doc).success).toBe(valid);
  });

  it('maps each kind as the seed writes it; test cases and reference SQL only in the answer key', () => {
    const parsed = parseExtension(fixture);
    if (!('doc' in parsed)) throw new Error(parsed.reasons.join());
    const media = new MediaBag(new Map([['media/tone.mp3', Buffer.from('ID3\u0004')]]));
    const mapped = parsed.doc.items.map((i) => mapExtensionItem(i, 'invigil-extension.invigil.json', media));
    expect(mapped.map((m) => [m.identifier, m.question?.type, m.question?.typeName, m.reasons])).toEqual([
      ['typing', 6, 'Typing Test', []],
      ['sum-of', 20, 'Coding', []],
      ['spoken', 28, 'Spoken Answer', []],
      ['interview', 27, 'Video Interview', []],
    ]);
    const coding = mapped[1]!.question!;
    expect(coding.content).toEqual({
      codinglang: 'all-p',
      classname: 'Solution',
      methodname: 'sumOf',
      paramtype: 'int[] nums|^^|int bonus',
      paramvalue: '[1,2,3]|^^|4',
      methodreturntype: 'int',
    });
    expect(coding.answerKey).toEqual({
      testCases: [
        { input: [[1, 2, 3], 4], output: 10 },
        { input: [[40, 2], 0], output: 42, hidden: true },
      ],
    });
  });

  it('drops data-* attributes from prompts and translations (ADR 0190)', () => {
    const parsed = parseExtension({
      format: 'invigil-extension',
      version: 1,
      items: [
        {
          identifier: 't',
          type: 'typingTest',
          prompt: '<p data-answer="a b">Type</p>',
          translations: { hi: '<p data-answer="a b">टाइप</p>' },
          sourceText: 'a b',
        },
      ],
    });
    if (!('doc' in parsed)) throw new Error(parsed.reasons.join());
    const q = mapExtensionItem(parsed.doc.items[0]!, 'x.invigil.json', new MediaBag(new Map())).question!;
    expect([q.text, q.translations]).toEqual(['<p>Type</p>', { hi: '<p>टाइप</p>' }]);
  });

  it('refuses coding items that could never be scored', () => {
    const bad = (item: object) => {
      const parsed = parseExtension({ format: 'invigil-extension', version: 1, items: [item] });
      if (!('doc' in parsed)) throw new Error(parsed.reasons.join());
      return mapExtensionItem(parsed.doc.items[0]!, 'x.json', new MediaBag(new Map())).reasons;
    };
    expect(bad({ identifier: 'c', type: 'coding', prompt: 'p' })).toEqual([
      'A coding question needs at least one test case.',
    ]);
    expect(bad({ identifier: 's', type: 'coding', prompt: 'p', languages: 'pgsql' })).toEqual([
      'A SQL question needs referenceSql and tables.',
    ]);
    expect(
      bad({
        identifier: 'f',
        type: 'coding',
        prompt: 'p',
        signature: { methodname: 'f', paramtype: 'int a', methodreturntype: 'int' },
        testCases: [{ input: '1', output: 1 }],
      }),
    ).toEqual(['A function problem takes its test inputs as arrays (one value per parameter).']);
  });
});
