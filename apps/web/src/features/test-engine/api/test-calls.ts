/** The test engine's calls (spec section 7), one file per call. Encoded fields are base64url JSON. */
export * from './user-test.ts';
export * from './answered-qts.ts';
export * from './start-exam.ts';
export * from './resume-exam.ts';
export * from './save-progress.ts';
export * from './submit-test.ts';
export * from './fallback-submit.ts';
export * from './independent-result-process.ts';
export * from './result-status.ts';
export * from './retest.ts';
export * from './question-issues.ts';
export * from './next-question.ts';
export * from './upload-file.ts';
export * from './download-file.ts';
