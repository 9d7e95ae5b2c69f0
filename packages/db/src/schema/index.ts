export * from './identity.ts';
export * from './assessment.ts';
