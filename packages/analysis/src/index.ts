export { createLocalAnalyzer, type Analyzer } from './analyzer.ts';
export { createRemoteAnalyzer } from './role/remote-analyzer.ts';
export { startAnalysisServer } from './role/analysis-server.ts';
export { AnalysisBusyError, AnalysisInputError, AnalysisTimeoutError } from './errors.ts';
export { WorkerPool, type PoolOptions, type PoolStats } from './pool/worker-pool.ts';
export type { SingleFaceResult, FaceMatchResult, ImageSummary } from './responses.ts';
export type { SpeakerResult } from './audio/speakers.ts';
export { decodeBase64Image, MAX_IMAGE_BYTES } from './image/decode-image.ts';
export { MAX_AUDIO_BYTES } from './audio/decode-audio.ts';
