/** The spec's shared rules: constants, texts, validators, payload encoding, the error shape, question and media types. */
export * from './constants.ts';
export * from './messages.ts';
export * from './validators.ts';
export * from './encoding.ts';
export * from './error.ts';
export * from './id.ts';
export * from './question-types.ts';
export * from './media-types.ts';
