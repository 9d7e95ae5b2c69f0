/** Opus first (small, what the server's decoder takes); never WAV. */
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];

export interface Recording {
  /** ends the recording early; `done` then gives what was recorded */
  stop(): void;
  /** the recorded sample, or null (nothing recorded, or the recorder failed) */
  done: Promise<Blob | null>;
}

/**
 * Records up to `maxMs` of a live microphone as Opus at 32 kbit/s (about 4 KB a second). Null,
 * with the reason given to `fail`, when this browser or stream cannot record.
 */
export function recordOpus(stream: MediaStream, maxMs: number, fail: (why: string) => void): Recording | null {
  if (!stream.getAudioTracks().some((t) => t.readyState === 'live')) {
    fail('no live microphone');
    return null;
  }
  const mimeType =
    typeof MediaRecorder === 'undefined' ? undefined : AUDIO_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  if (!mimeType) {
    fail('no Opus recorder in this browser');
    return null;
  }
  let rec: MediaRecorder;
  try {
    // the audio tracks only: a stream that also carries the camera cannot be recorded as audio
    rec = new MediaRecorder(new MediaStream(stream.getAudioTracks()), { mimeType, audioBitsPerSecond: 32_000 });
  } catch (e) {
    fail(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    return null;
  }
  const chunks: Blob[] = [];
  const done = new Promise<Blob | null>((resolve) => {
    rec.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    rec.onerror = () => {
      fail('recorder error');
      resolve(null);
    };
    rec.onstop = () => resolve(chunks.length ? new Blob(chunks, { type: mimeType }) : null);
  });
  const stop = () => {
    clearTimeout(timer);
    if (rec.state !== 'inactive') rec.stop();
  };
  rec.start();
  const timer = setTimeout(stop, maxMs);
  return { stop, done };
}

/** The file name the server's decoder is told (by extension) for a recorded sample. */
export const sampleFileName = (sample: Blob, base: string) => `${base}.${sample.type.includes('ogg') ? 'ogg' : 'webm'}`;
