/** Proctoring calls (spec section 7): facial analysis, proctoring pictures, monitoring settings, the speaker check. */
export { CheckId, ProctoringMsgResponse } from './proctoring-fields.ts';
export * from './single-face.ts';
export * from './face-match.ts';
export * from './get-audio.ts';
export * from './save-primary-image.ts';
export * from './send-primary-image.ts';
export * from './get-monitoring-data.ts';
export * from './save-image.ts';
export * from './save-error-image.ts';
export * from './photo-check.ts';
export * from './logs.ts';
