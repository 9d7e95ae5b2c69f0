/** Media storage calls (ADR 0150): signed media URLs. */
export * from './signed-media.ts';
