import { AnalysisInputError } from '../errors.ts';
import { FFPROBE, runTool } from './ffmpeg.ts';

/** Containers a recording may come in: what MediaRecorder writes (webm, ogg, mp4) and WAV/MP3 audio. */
const CONTAINERS = ['matroska', 'webm', 'ogg', 'mp4', 'mov', 'wav', 'mp3'];

export interface RecordingProbe {
  /** ffprobe's format name, e.g. 'matroska,webm' */
  format: string;
  container: 'webm' | 'ogg' | 'mp4' | 'wav' | 'mp3';
  hasAudio: boolean;
  hasVideo: boolean;
  audioCodec: string | null;
  videoCodec: string | null;
  /** from the first to the last packet's end, over all streams (MediaRecorder files have no header duration) */
  durationSeconds: number;
  /** the video's key frames (seconds from the start) */
  keyFrames: number[];
  packets: number;
}

interface ProbeJson {
  format?: { format_name?: string };
  streams?: Array<{ index: number; codec_type?: string; codec_name?: string }>;
  packets?: Array<{
    stream_index: number;
    pts_time?: string;
    dts_time?: string;
    duration_time?: string;
    flags?: string;
  }>;
}

const corrupt = (detail: string) =>
  new AnalysisInputError('CORRUPT_RECORDING', `The recording could not be read (${detail}).`, 422);

function containerOf(format: string): RecordingProbe['container'] | null {
  const names = format.split(',');
  if (!names.some((n) => CONTAINERS.includes(n))) return null;
  if (names.includes('webm') || names.includes('matroska')) return 'webm';
  if (names.includes('ogg')) return 'ogg';
  if (names.includes('mp4') || names.includes('mov')) return 'mp4';
  if (names.includes('wav')) return 'wav';
  return 'mp3';
}

/**
 * Reads a recording's container, streams and every packet's time with ffprobe (demuxing only, no
 * decoding): its real duration, its key frames, and whether it is whole. A file ffprobe cannot
 * open, of another container, or that ends in the middle of a packet (a truncated upload) is a
 * 422 / 415 AnalysisInputError.
 */
export async function probeRecording(file: string, timeoutMs = 20_000): Promise<RecordingProbe> {
  const run = await runTool(
    FFPROBE,
    [
      '-v',
      'error',
      '-show_entries',
      'format=format_name:stream=index,codec_type,codec_name:packet=stream_index,pts_time,dts_time,duration_time,flags',
      '-of',
      'json',
      file,
    ],
    timeoutMs,
  );
  if (run.timedOut) throw corrupt('reading it took too long');
  let json: ProbeJson;
  try {
    json = JSON.parse(run.stdout.toString('utf8') || '{}') as ProbeJson;
  } catch {
    throw corrupt('not a media file');
  }
  const format = json.format?.format_name ?? '';
  if (run.code !== 0 || !format) throw corrupt('not a media file');
  const container = containerOf(format);
  if (!container)
    throw new AnalysisInputError(
      'UNSUPPORTED_RECORDING',
      `Recordings must be webm, ogg, mp4, wav or mp3 (got ${format}).`,
      415,
    );
  // ffprobe keeps going past damage but says so: a truncated or damaged file is refused.
  if (run.stderr)
    throw corrupt(
      run.stderr
        .split('\n')[0]!
        .replace(/^\[[^\]]*\]\s*/, '')
        .slice(0, 120),
    );
  const streams = json.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const video = streams.find((s) => s.codec_type === 'video');
  let start = Infinity;
  let end = 0;
  const keyFrames: number[] = [];
  for (const p of json.packets ?? []) {
    const t = Number(p.pts_time ?? p.dts_time);
    if (!Number.isFinite(t)) continue;
    start = Math.min(start, t);
    end = Math.max(end, t + (Number(p.duration_time) || 0));
    if (video && p.stream_index === video.index && p.flags?.startsWith('K')) keyFrames.push(t);
  }
  const durationSeconds = Number.isFinite(start) ? Math.max(0, end - start) : 0;
  return {
    format,
    container,
    hasAudio: !!audio,
    hasVideo: !!video,
    audioCodec: audio?.codec_name ?? null,
    videoCodec: video?.codec_name ?? null,
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    keyFrames: keyFrames.map((t) => t - (Number.isFinite(start) ? start : 0)).sort((a, b) => a - b),
    packets: json.packets?.length ?? 0,
  };
}
