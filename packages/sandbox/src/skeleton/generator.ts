import type { ProgramLanguage } from '../types.ts';
import { cGenerator, cppGenerator } from './c-family.ts';
import { javaGenerator } from './java.ts';
import { javascriptGenerator, pythonGenerator } from './scripts.ts';
import { parseSignature, sampleValues, type Signature, type Value } from './signature.ts';

/** Sources ready for the executor: file name to text, and the entry (Java main class). */
export interface Generated {
  files: Record<string, string>;
  entry?: string;
}

export interface LanguageGenerator {
  /** The boilerplate the candidate starts from: the method to fill in and a main that calls it with the sample values. */
  skeleton(sig: Signature, values: Value[]): string;
  /** The candidate's code plus a driver that reads one test's arguments from stdin and prints the result last. */
  harness(sig: Signature, code: string): Generated;
}

export const GENERATORS: Record<ProgramLanguage, LanguageGenerator> = {
  c: cGenerator,
  cpp: cppGenerator,
  java: javaGenerator,
  python: pythonGenerator,
  javascript: javascriptGenerator,
};

export interface SkeletonInput {
  classname?: string | null;
  methodname: string;
  paramtype?: string | null;
  paramvalue?: string | null;
  methodreturntype?: string | null;
}

/** POST /test/programSkeleton: the programBoilerPlate for one language. */
export function generateSkeleton(language: ProgramLanguage, input: SkeletonInput): string {
  const sig = parseSignature(input);
  return GENERATORS[language].skeleton(sig, sampleValues(sig, input.paramvalue));
}

/** The public class a Java source declares (its file must carry that name). */
export function javaMainClass(code: string, fallback = 'Main'): string {
  return (
    /public\s+(?:final\s+|abstract\s+)*class\s+([A-Za-z_$][\w$]*)/.exec(code)?.[1] ??
    /class\s+([A-Za-z_$][\w$]*)/.exec(code)?.[1] ??
    fallback
  );
}

/** The files to run a candidate's whole program as written (no test harness). */
export function programFiles(language: ProgramLanguage, code: string): Generated {
  switch (language) {
    case 'c':
      return { files: { 'main.c': code } };
    case 'cpp':
      return { files: { 'main.cpp': code } };
    case 'java': {
      const entry = javaMainClass(code);
      return { files: { [`${entry}.java`]: code }, entry };
    }
    case 'python':
      return { files: { 'main.py': code } };
    case 'javascript':
      return { files: { 'main.js': code } };
  }
}
