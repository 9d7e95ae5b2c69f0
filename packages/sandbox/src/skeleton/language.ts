import type { Signature, Value } from './signature.ts';

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
