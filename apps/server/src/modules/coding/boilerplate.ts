import {
  generateSkeleton,
  isProgramLanguage,
  isSqlDialect,
  languagesForSetting,
  resolveLanguage,
  type LanguageKey,
  type ProgramLanguage,
  type SkeletonInput,
} from '@invigil/sandbox';
import type { CodingFields } from '@invigil/contracts';

const HTML_STARTER = '<!DOCTYPE html>\n<html>\n<head>\n  <title>Page</title>\n</head>\n<body>\n\n</body>\n</html>\n';
const SQL_STARTER = '-- Write your query here\nSELECT * FROM employees;\n';

/** Starters for a stdin/stdout problem (no methodname): read the input, print the answer. */
const STDIN_STARTERS: Record<ProgramLanguage, string> = {
  c: '#include <stdio.h>\n\nint main(void) {\n    // Read the input from stdin and print the answer\n    return 0;\n}\n',
  cpp: '#include <iostream>\nusing namespace std;\n\nint main() {\n    // Read the input from stdin and print the answer\n    return 0;\n}\n',
  java: 'import java.util.*;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        // Read the input and print the answer\n    }\n}\n',
  python: 'import sys\n\n# Read the input from stdin and print the answer\ndata = sys.stdin.read().split()\n',
  javascript:
    "const data = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/);\n// Read the input and print the answer\n",
};

/** What a coding question stores that shapes its boilerplate. */
export interface SignatureFields {
  classname?: string | null;
  methodname?: string | null;
  paramtype?: string | null;
  paramvalue?: string | null;
  methodreturntype?: string | null;
}

/**
 * The programBoilerPlate of one language: the function skeleton of a function-style problem
 * (methodname set), a stdin/stdout starter otherwise, an HTML page or a SQL starter. Throws
 * SignatureError for a signature the generators cannot express.
 */
export function boilerplateFor(key: LanguageKey, sig: SignatureFields): string {
  if (key === 'html') return HTML_STARTER;
  if (isSqlDialect(key)) return SQL_STARTER;
  if (!isProgramLanguage(key)) return '';
  const methodname = sig.methodname?.trim();
  if (!methodname) return STDIN_STARTERS[key];
  const input: SkeletonInput = { ...sig, methodname };
  return generateSkeleton(key, input);
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/**
 * The coding fields of a question item: its own codinglang wins over the exam's; the options
 * follow the spec's rules ('all', 'all-p' / 'all_p' without ids 9 and 11, or one fixed language);
 * test cases only as counts. A skeleton the generators cannot build leaves the boilerplate empty.
 */
export function codingFieldsOf(
  content: Record<string, unknown>,
  answerKey: Record<string, unknown>,
  examSetting: string | null | undefined,
): CodingFields {
  const own = text(content.codinglang).trim();
  const setting = own || text(examSetting).trim() || 'all';
  const options = languagesForSetting(setting);
  const sig: SignatureFields = {
    classname: text(content.classname),
    methodname: text(content.methodname),
    paramtype: text(content.paramtype),
    paramvalue: text(content.paramvalue),
    methodreturntype: text(content.methodreturntype),
  };
  let programBoilerPlate = '';
  const first = options[0] ?? resolveLanguage('python');
  try {
    if (first) programBoilerPlate = boilerplateFor(first.codinglanguage, sig);
  } catch {
    programBoilerPlate = '';
  }
  const tests = Array.isArray(answerKey.testCases) ? (answerKey.testCases as Array<{ hidden?: unknown }>) : [];
  const sqlCases = tests.length === 0 && (answerKey.referenceSql || answerKey.referenceSqlByDialect) ? 1 : 0;
  const hidden = tests.filter((t) => Boolean(t?.hidden)).length + sqlCases;
  return {
    programBoilerPlate,
    codinglang: setting,
    codingLanguages: options.map((l) => ({ id: l.id, codinglanguage: l.codinglanguage, name: l.name, kind: l.kind })),
    classname: sig.classname ?? '',
    methodname: sig.methodname ?? '',
    paramtype: sig.paramtype ?? '',
    paramvalue: sig.paramvalue ?? '',
    methodreturntype: sig.methodreturntype ?? '',
    visibleTestCount: tests.length - (hidden - sqlCases),
    hiddenTestCount: hidden,
  };
}
