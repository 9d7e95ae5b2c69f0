import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { CODE_MAX_CHARS, CODE_TOO_LONG } from './coding-constants.ts';

const Flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])]);

/**
 * POST /api/test/compilecode. With testCaseFlag the question's test cases run on the server
 * (hidden ones are reported without their data); otherwise the program runs as written.
 */
export const CompileCodeRequest = z.object({
  code: z.string().max(CODE_MAX_CHARS, CODE_TOO_LONG),
  lang: z.union([z.string().min(1).max(40), z.number().int()]),
  qid: Id.optional().nullable(),
  classname: z.string().max(64).optional().nullable(),
  methodname: z.string().max(64).optional().nullable(),
  testCaseFlag: Flag.optional(),
  examId: Id.optional().nullable(),
  /** Optional input for a plain run. */
  stdin: z.string().max(65536).optional(),
});

export const TestCaseResult = z.object({
  index: z.number().int(),
  hidden: z.boolean(),
  passed: z.boolean(),
  verdict: z.string(),
  input: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
});

export const CompileCodeResponse = z.object({
  /** ok, compile-error, runtime-error, time-limit, wall-time-limit, memory-limit, output-limit, file-size-limit, process-limit, sql-error. */
  status: z.string(),
  /** The output box (program stdout, or the HTML itself when html is true). */
  output: z.string(),
  /** The spec's reply "text": the same text as output, for callers written from the spec's call table (ADR 0205). */
  text: z.string().optional(),
  /** Compile errors and warnings, then the runtime error. */
  error: z.string(),
  /** What the compiler said (errors or warnings; a Python or JavaScript syntax error): the syntax-errors box (ADR 0270). */
  compileOutput: z.string().optional(),
  /** Why the run failed, or what it wrote to stderr: shown with the output. */
  runError: z.string().optional(),
  html: z.boolean().optional(),
  testResults: z.array(TestCaseResult).optional(),
  passed: z.number().int().optional(),
  total: z.number().int().optional(),
  /** SQL: the result table. */
  columns: z.array(z.string()).optional(),
  rows: z.array(z.array(z.unknown())).optional(),
  truncated: z.boolean().optional(),
  sqlMessage: z.string().optional(),
});
export type CompileCodeRequest = z.infer<typeof CompileCodeRequest>;
export type CompileCodeResponse = z.infer<typeof CompileCodeResponse>;
export type TestCaseResult = z.infer<typeof TestCaseResult>;
