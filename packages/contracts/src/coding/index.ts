/** Coding questions: languages, skeletons, compile and run, SQL tables. */
export * from './program-languages.ts';
export * from './program-skeleton.ts';
export * from './compile-code.ts';
export * from './coding-constants.ts';
export * from './get-tables.ts';
