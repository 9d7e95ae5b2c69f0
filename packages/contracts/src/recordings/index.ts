/** Recorded answers: the spoken answer (28) and the video interview (27), uploaded resumably (tus). */
export * from './recording-rules.ts';
export * from './upload-metadata.ts';
export * from './recorded-answer.ts';
export * from './upload-audio.ts';
export * from './upload-video.ts';
export * from './validate-test-data.ts';
export * from './upload-img.ts';
export * from './question-audio-play.ts';
