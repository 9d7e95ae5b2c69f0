/** Every contract and shared rule, by domain. The web imports constants and types only (ADR 0040). */
export * from './shared/index.ts';
export * from './auth/index.ts';
export * from './profile/index.ts';
export * from './dashboard/index.ts';
export * from './exam/index.ts';
export * from './results/index.ts';
export * from './coding/index.ts';
export * from './proctoring/index.ts';
export * from './support/index.ts';
export * from './admin/index.ts';
export * from './media/index.ts';
export * from './recordings/index.ts';
export type * from './endpoints.ts';
