import {
  AnalysisInputError,
  audioRms,
  matchEmbeddings,
  probeRecording,
  sampleFrames,
  type Analyzer,
  type RecordingProbe,
} from '@invigil/analysis';
import {
  RECORDING_ERRORS,
  SPOKEN,
  VIDEO,
  spokenAnswerProblem,
  videoFaceProblem,
  videoRecordingProblem,
  type FrameFaces,
  type RecordingKind,
  type WarningType,
} from '@invigil/contracts';

/** The messages a refusal carries (the spec's words where it gives them); the client shows the dialog of `type`. */
const MESSAGES: Partial<Record<WarningType, string>> = {
  noAudio: 'No audio was detected in your recording. Please ensure your microphone is working and try again.',
  shortDuration: 'The recording is shorter than 30 seconds.',
  corruptVideo: 'The uploaded video appears to be corrupted. Please re-record the video.',
  corruptAudio: 'The recording could not be read. Please record your answer again.',
  noFacialData: 'No picture of the video could be analysed.',
  faceNotDetected: 'No face could be seen in the video.',
  multipleFaces: 'More than one face was seen in the video.',
  faceNotMatching: "Your face doesn't match with your registered profile...",
};

/** A recording the server refuses: the status, the message and the dialog type (`type`). */
export class RecordingRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type: WarningType,
  ) {
    super(message);
  }
}

const refuse = (type: WarningType, message = MESSAGES[type] ?? 'The recording was refused.', status = 422) =>
  new RecordingRefused(status, message, type);

/** What the server measured of an accepted recording. */
export interface Measured {
  probe: RecordingProbe;
  durationSeconds: number;
  rms: number;
  /** video: the sampled frames' faces, what they were matched against and how */
  checks?: { frames: FrameFaces[]; reference: 'primary' | 'still' | 'first-frame' | 'none'; keyFramesOnly: boolean };
}

/** The reference faces of a video: the kept primary picture's embedding, else the start still's. */
export interface FaceReference {
  primary: number[] | null;
  still: number[] | null;
}

const corruptOf = (kind: RecordingKind): WarningType => (kind === 'audio' ? 'corruptAudio' : 'corruptVideo');

/** A probe or decode failure as a refusal of this kind (415 for another format, else 422 corrupt). */
function asRefusal(e: unknown, kind: RecordingKind): unknown {
  if (!(e instanceof AnalysisInputError)) return e;
  if (e.statusCode === 415) return new RecordingRefused(415, e.message, corruptOf(kind));
  return refuse(
    corruptOf(kind),
    kind === 'video' ? MESSAGES.corruptVideo : `${e.message} Please record your answer again.`,
  );
}

/**
 * The server's checks of a recording (spec §5), on the file it received, never on what the
 * browser says: container and wholeness (ffprobe), duration, audio level (RMS of the decoded
 * audio) and, for a video, faces on frames it samples, matched against the reference picture.
 */
export class RecordingChecks {
  constructor(private readonly analyzer: () => Analyzer) {}

  async check(kind: RecordingKind, file: string, bytes: number, faces?: FaceReference): Promise<Measured> {
    if (bytes === 0) throw kind === 'audio' ? refuse('noAudio', RECORDING_ERRORS.emptyAudio) : refuse('corruptVideo');
    let probe: RecordingProbe;
    try {
      probe = await probeRecording(file);
    } catch (e) {
      throw asRefusal(e, kind);
    }
    if (kind === 'video' && !probe.hasVideo)
      throw new RecordingRefused(
        415,
        'This recording has no video: send the video interview as a video.',
        'corruptVideo',
      );
    if (kind === 'video' && probe.container !== 'webm' && probe.container !== 'mp4')
      throw new RecordingRefused(415, `A video must be webm or mp4 (got ${probe.format}).`, 'corruptVideo');
    const max = kind === 'audio' ? SPOKEN.maxSeconds : VIDEO.acceptSeconds;
    if (probe.durationSeconds > max)
      throw refuse(
        corruptOf(kind),
        kind === 'audio'
          ? `The recording is longer than ${SPOKEN.maxSeconds / 60} minutes.`
          : 'The video is longer than 4 minutes (04.00 min).',
      );
    let rms = 0;
    if (probe.hasAudio && probe.durationSeconds >= SPOKEN.minSeconds) {
      try {
        rms = await audioRms(file, max);
      } catch (e) {
        throw asRefusal(e, kind);
      }
    }
    const measure = { bytes, durationSeconds: probe.durationSeconds, rms: probe.hasAudio ? rms : null };
    const problem = kind === 'audio' ? spokenAnswerProblem(measure) : videoRecordingProblem(measure);
    if (problem) throw refuse(problem);
    if (kind === 'audio') return { probe, durationSeconds: probe.durationSeconds, rms };
    const checks = await this.faces(file, probe, faces ?? { primary: null, still: null });
    const faceProblem = videoFaceProblem(checks.frames);
    if (faceProblem) throw refuse(faceProblem);
    return { probe, durationSeconds: probe.durationSeconds, rms, checks };
  }

  /** Frames sampled from the video (key frames when dense), each analysed once, matched with the reference. */
  private async faces(
    file: string,
    probe: RecordingProbe,
    ref: FaceReference,
  ): Promise<NonNullable<Measured['checks']>> {
    let sampled: Awaited<ReturnType<typeof sampleFrames>>;
    try {
      sampled = await sampleFrames(file, probe.durationSeconds, probe.keyFrames);
    } catch (e) {
      throw asRefusal(e, 'video');
    }
    const analyzer = this.analyzer();
    const described = await Promise.all(
      sampled.frames.map((f) =>
        analyzer.describeFrame(f).catch((e: unknown) => {
          // A frame the engine cannot read is left out (noFacialData when none is left); busy is thrown.
          if (e instanceof AnalysisInputError) return null;
          throw e;
        }),
      ),
    );
    const ok = described.filter((d): d is NonNullable<typeof d> => d !== null);
    const reference = ref.primary
      ? { kind: 'primary' as const, v: ref.primary }
      : ref.still
        ? { kind: 'still' as const, v: ref.still }
        : (() => {
            const first = ok.find((d) => d.face_count === 1 && d.embedding);
            return first ? { kind: 'first-frame' as const, v: first.embedding! } : { kind: 'none' as const, v: null };
          })();
    const frames = ok.map((d) => ({
      faceCount: d.face_count,
      match:
        d.face_count === 1 && d.embedding && reference.v ? matchEmbeddings(reference.v, d.embedding).face_match : null,
      ...(d.face_framing === 'cut' || d.face_framing === 'small' ? { unclear: true } : {}),
    }));
    return { frames, reference: reference.kind, keyFramesOnly: sampled.keyFramesOnly };
  }
}
