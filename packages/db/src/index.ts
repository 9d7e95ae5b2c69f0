export * from './create-db.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
