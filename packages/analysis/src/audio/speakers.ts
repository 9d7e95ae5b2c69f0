import { AnalysisInputError } from '../errors.ts';
import { bicCluster, type Chunk } from './bic-cluster.ts';
import { rms, SAMPLE_RATE } from './decode-audio.ts';
import { frameFeatures, HOP } from './features.ts';
import { overlapScore } from './overlap.ts';
import type { SpeechSegment } from './vad.ts';

export const speakerParams = {
  /** BIC penalty weight (tuned on the eval set) */
  lambda: 2.0,
  /** speech chunk length in frames (10 ms each) */
  chunkFrames: 150,
  /** a cluster with less speech than this (seconds) is not counted as a speaker */
  minSpeakerSeconds: 1.5,
  /** spec: audio whose RMS is below 0.01 counts as no audio */
  silenceRms: 0.01,
  /** diagonal instead of full covariance in the BIC models */
  diag: false,
  /** pitch weight when appended to the MFCC vector */
  pitchWeight: 4,
};

export interface SpeakerResult {
  speakers: number;
  speechSeconds: number;
  durationSeconds: number;
  segments: number;
  clusters: number[];
  /** two-pitch overlap score of the speech (0 without speech); judged against the candidate's baseline */
  overlap: number;
  ms: number;
}

export interface VadLike {
  segments(samples: Float32Array, sr: number): Promise<SpeechSegment[]>;
}

/** Rejects clips that are too short or silent (spec: RMS below 0.01 is no audio) with a 422. */
export function checkAudioLevel(pcm: Float32Array, p = speakerParams): void {
  if (pcm.length / SAMPLE_RATE < 1)
    throw new AnalysisInputError('AUDIO_TOO_SHORT', 'Audio sample is shorter than 1 second', 422);
  if (rms(pcm) < p.silenceRms) {
    throw new AnalysisInputError(
      'NO_AUDIO',
      'No audio was detected in your recording. Please ensure your microphone is working and try again.',
      422,
    );
  }
}

export async function countSpeakers(pcm: Float32Array, vad: VadLike, p = speakerParams): Promise<SpeakerResult> {
  const started = performance.now();
  const durationSeconds = pcm.length / SAMPLE_RATE;
  checkAudioLevel(pcm, p);
  const segments = await vad.segments(pcm, SAMPLE_RATE);
  const speechSeconds = segments.reduce((s, x) => s + (x.end - x.start), 0);
  const base = {
    speechSeconds: round(speechSeconds),
    durationSeconds: round(durationSeconds),
    segments: segments.length,
  };
  if (speechSeconds < 0.5)
    return { speakers: 0, ...base, clusters: [], overlap: 0, ms: Math.round(performance.now() - started) };

  const chunks = speechChunks(segments, p);
  const { speakers, clusters } = clusterSpeakers(chunks, p);
  const overlap = Math.round(overlapScore(segments) * 1e4) / 1e4;
  return { speakers, ...base, clusters, overlap, ms: Math.round(performance.now() - started) };
}

/** Splits the VAD's speech into ~1.5 s chunks of MFCC+pitch frames (quiet frames dropped). */
export function speechChunks(segments: SpeechSegment[], p = speakerParams): Chunk[] {
  const chunks: Chunk[] = [];
  for (const seg of segments) {
    const feats = frameFeatures(seg.audio, SAMPLE_RATE);
    const maxE = Math.max(...feats.energy);
    // keep frames within 30 dB of the segment's loudest frame, with pitch (log-F0 or 0) appended
    const frames: Float64Array[] = [];
    for (let i = 0; i < feats.mfcc.length; i++) {
      if (feats.energy[i] < maxE - 7) continue;
      const v = new Float64Array(feats.mfcc[i].length + 1);
      v.set(feats.mfcc[i]);
      v[v.length - 1] = feats.pitch[i] > 0 ? p.pitchWeight * Math.log(feats.pitch[i] / 100) : 0;
      frames.push(v);
    }
    for (let i = 0; i < frames.length; i += p.chunkFrames) {
      const part = frames.slice(i, i + p.chunkFrames);
      if (part.length >= p.chunkFrames / 2 || chunks.length === 0) chunks.push({ frames: part });
      else chunks[chunks.length - 1].frames.push(...part);
    }
  }
  return chunks.filter((c) => c.frames.length >= 30);
}

export function clusterSpeakers(chunks: Chunk[], p = speakerParams): { speakers: number; clusters: number[] } {
  if (chunks.length === 0) return { speakers: 0, clusters: [] };
  const clusters = bicCluster(chunks, p.lambda, p.diag).map((c) => round((c.length * HOP) / SAMPLE_RATE));
  return { speakers: Math.max(1, clusters.filter((s) => s >= p.minSpeakerSeconds).length), clusters };
}

const round = (n: number) => Math.round(n * 100) / 100;
