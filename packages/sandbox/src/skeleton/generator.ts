import type { ProgramLanguage } from '../types.ts';
import { cGenerator, cppGenerator } from './c-family.ts';
import { javaGenerator, javaMainClass } from './java.ts';
import { javascriptGenerator, pythonGenerator } from './scripts.ts';
import type { Generated, LanguageGenerator } from './language.ts';
import { parseSignature, sampleValues } from './signature.ts';

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
