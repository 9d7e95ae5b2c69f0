import { z } from 'zod';

/**
 * Invigil's extension format (ADR 0152): the question kinds IMS QTI has no interaction for
 * (typing test, coding, spoken answer, video interview) and adaptive difficulty pools, as one
 * JSON document. Importable on its own, or referenced from a QTI package's manifest (a resource
 * of type `invigil-extension`, or any file ending `.invigil.json`). Its JSON Schema is
 * published with the OpenAPI documentation at /api/docs/invigil-extension.schema.json.
 */
export const EXTENSION_FORMAT = 'invigil-extension';
export const EXTENSION_VERSION = 1;
export const EXTENSION_SCHEMA_PATH = '/api/docs/invigil-extension.schema.json';
export const EXTENSION_RESOURCE_TYPE = 'invigil-extension';

/** Coding languages an item may offer: every one, the programming ones ('all-p'), or one. */
export const CODING_LANGUAGE_SETTINGS = [
  'all',
  'all-p',
  'c',
  'cpp',
  'java',
  'python',
  'javascript',
  'html',
  'sql',
  'pgsql',
  'mysql',
] as const;

const Identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/, 'An identifier starts with a letter or _ and has letters, digits, _ . -')
  .describe('Unique within the test (and the QTI package it comes with)');
const Html = z.string().min(1).max(100_000).describe('XHTML shown to the candidate (sanitised when shown)');
const Marks = z.number().min(0).max(1000).default(1);
/** A file of the package (a path relative to the package root); only inside a package. */
const MediaRef = z
  .string()
  .min(1)
  .max(300)
  .describe('A media file of the package, relative to the package root (images, audio, video)');
const Translations = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/), z.string().max(100_000))
  .describe('Text by locale, e.g. {"hi-IN": "..."}');

const ItemBase = z.object({
  identifier: Identifier,
  prompt: Html,
  translations: Translations.optional(),
  marks: Marks,
  /** 1 easy, 2 medium, 3 hard (adaptive pools) */
  difficulty: z.number().int().min(1).max(3).default(1),
  /** an image, audio or video shown with the question */
  media: MediaRef.optional(),
});

export const TypingTestItem = ItemBase.extend({
  type: z.literal('typingTest'),
  sourceText: z.string().min(1).max(10_000).describe('The text the candidate types'),
});

const Json = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

export const TestCase = z.object({
  input: Json.describe('Arguments (function problems: an array, one per parameter) or standard input text'),
  output: Json.describe('The expected return value or printed output'),
  hidden: z.boolean().default(false).describe('Hidden cases only count; visible ones are shown as pass/fail'),
});

export const SqlTable = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/),
  columns: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/), type: z.enum(['int', 'text', 'real']) }))
    .min(1)
    .max(50),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).max(1000),
});

export const CodingItem = ItemBase.extend({
  type: z.literal('coding'),
  languages: z
    .enum(CODING_LANGUAGE_SETTINGS)
    .default('all')
    .describe("'all', 'all-p' (no HTML or SQL) or one language"),
  signature: z
    .object({
      classname: z.string().max(100).optional(),
      methodname: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/),
      paramtype: z
        .string()
        .max(500)
        .describe("Parameter types and names joined by '|^^|', e.g. 'int[] nums|^^|int bonus'"),
      paramvalue: z.string().max(2000).optional().describe("Example values joined by '|^^|'"),
      methodreturntype: z.string().max(100),
    })
    .optional()
    .describe('Function problems; without it the program reads standard input and prints'),
  testCases: z.array(TestCase).max(200).default([]),
  referenceSql: z.string().max(10_000).optional().describe('SQL questions: the query whose result set is correct'),
  tables: z.array(SqlTable).max(20).optional().describe('SQL questions: the tables the candidate queries'),
});

export const SpokenAnswerItem = ItemBase.extend({
  type: z.literal('spokenAnswer'),
  media: MediaRef.optional().describe('The question audio (played at most 3 times)'),
});

export const VideoInterviewItem = ItemBase.extend({
  type: z.literal('videoInterview'),
});

export const ExtensionItem = z.discriminatedUnion('type', [
  TypingTestItem,
  CodingItem,
  SpokenAnswerItem,
  VideoInterviewItem,
]);
export type ExtensionItem = z.infer<typeof ExtensionItem>;

export const ExtensionTest = z.object({
  title: z.string().min(1).max(300),
  /** 1 test; 7 survey; 8 feedback; 14 and 15 sequential device setup */
  testType: z.union([z.literal(1), z.literal(7), z.literal(8), z.literal(14), z.literal(15)]).default(1),
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  instructions: z.string().max(100_000).default(''),
  thankYou: z.string().max(100_000).default(''),
});

export const ExtensionAdaptive = z
  .object({
    totalMarksToAttempt: z.number().int().min(1).max(10_000),
    pools: z
      .object({
        '1': z.array(Identifier).default([]),
        '2': z.array(Identifier).default([]),
        '3': z.array(Identifier).default([]),
      })
      .describe('Item identifiers (of this document or the QTI package) by difficulty: 1 easy, 2 medium, 3 hard'),
  })
  .describe('Makes the test adaptive (examtypeid 4): the server picks each next question from the pools');

export const ExtensionDocument = z
  .object({
    $schema: z.string().max(300).optional(),
    format: z.literal(EXTENSION_FORMAT),
    version: z.literal(EXTENSION_VERSION),
    test: ExtensionTest.optional().describe('Required when imported on its own; a QTI package gives its own'),
    items: z.array(ExtensionItem).max(5000).default([]),
    adaptive: ExtensionAdaptive.optional(),
  })
  .meta({ title: 'Invigil extension document' });
export type ExtensionDocument = z.infer<typeof ExtensionDocument>;
