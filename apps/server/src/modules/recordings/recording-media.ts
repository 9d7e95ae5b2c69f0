import type { AttemptMediaEntry, AttemptMediaSource } from '../media/attempt-media.ts';
import type { RecordingsRepository } from './recordings.repository.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The support media view's recordings (ADR 0150's sources): each kept spoken or video answer with
 * its question, length and the server's checks, and the still taken as a video started.
 */
export class RecordingMedia implements AttemptMediaSource {
  constructor(private readonly repo: RecordingsRepository) {}

  async attemptMedia(userExamId: number, limit: number): Promise<AttemptMediaEntry[]> {
    const [recorded, stills] = await Promise.all([this.repo.recordedOf(userExamId), this.repo.stillsOf(userExamId)]);
    const answers = recorded.map((r): AttemptMediaEntry => ({
      key: r.mediaKey,
      kind: 'recording',
      label: r.kind === 'audio' ? 'spoken' : 'video',
      at: r.createdAt ?? new Date(0),
      contentType: r.contentType,
      size: r.sizeBytes,
      name: r.fileName,
      detail: {
        question: r.questionId,
        seconds: round1(r.durationSeconds),
        rms: r.rms === null ? null : Math.round(r.rms * 1000) / 1000,
        ...(r.checks
          ? {
              frames: Array.isArray(r.checks.frames) ? r.checks.frames.length : null,
              reference: typeof r.checks.reference === 'string' ? r.checks.reference : null,
            }
          : {}),
      },
    }));
    const pictures = stills.map((s): AttemptMediaEntry => ({
      key: s.mediaKey,
      kind: 'picture',
      label: 'still',
      at: s.createdAt ?? new Date(0),
      contentType: s.mediaKey.endsWith('.png') ? 'image/png' : 'image/jpeg',
      size: s.sizeBytes,
      detail: { question: s.questionId, faces: s.faceCount },
    }));
    return [...answers, ...pictures].slice(0, limit);
  }
}
