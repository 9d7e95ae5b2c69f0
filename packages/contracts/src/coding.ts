export * from './program-languages.ts';
export * from './program-skeleton.ts';
export * from './compile-code.ts';
export * from './get-tables.ts';
