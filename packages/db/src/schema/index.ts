export * from './identity.ts';
export * from './assessment.ts';
export * from './exam-engine.ts';
export * from './proctoring.ts';
export * from './coding.ts';
export * from './timeline.ts';
export * from './recordings.ts';
export * from './schedules.ts';
