import type { AttemptMediaEntry, AttemptMediaSource } from '../media/attempt-media.ts';
import type { ProctoringRepository } from './proctoring.repository.ts';

/** An error picture sent without a tag: the tag its error code stands for (spec: N, M, O). */
const TAG_OF_CODE: Record<string, string> = { N: 'faceNotDetected', M: 'multipleFaces', O: 'objectDetected' };

/** The support media view's proctoring pictures: primary, regular and error pictures with their verdicts. */
export class ProctoringPictures implements AttemptMediaSource {
  constructor(private readonly repo: ProctoringRepository) {}

  async attemptMedia(userExamId: number, limit: number): Promise<AttemptMediaEntry[]> {
    const rows = await this.repo.pictures(userExamId, limit);
    return rows.map((r) => ({
      key: r.mediaKey,
      kind: 'picture',
      label: r.kind,
      at: r.createdAt,
      contentType: 'image/jpeg',
      size: r.sizeBytes,
      detail: {
        outcome: r.photoTag ?? (r.errorCode ? (TAG_OF_CODE[r.errorCode] ?? r.errorCode) : null),
        faces: r.faceCount,
        objects: r.objectsDetected?.length ? r.objectsDetected.join(', ') : null,
      },
    }));
  }
}
