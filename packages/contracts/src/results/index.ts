/** Submitting an attempt, its result and scoring, answer files. */
export * from './submit-test.ts';
export * from './result-status.ts';
export * from './manual-generate-result.ts';
export * from './upload-file.ts';
export * from './download-file.ts';
export * from './scoring.ts';
