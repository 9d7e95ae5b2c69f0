import { notFound } from '../../lib/http-errors.ts';
import { assertSafeKey, attemptOfKey, type MediaStat, type MediaStorage } from '../../lib/media/media-storage.ts';
import { isStaff, permitted, type Actor, type Owned } from '../../policies/actor.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import type { MediaUrlSigner, SignedQuery } from './media-url-signer.ts';

/** Who an attempt belongs to (the exam repository's cached lookup). */
export interface AttemptOwners {
  owner(userExamId: number): Promise<Owned | null>;
}

export interface IssuedLink {
  url: string;
  expiresAt: Date;
  stat: MediaStat;
}

/**
 * Issues signed media URLs under the media policy (ADR 0150): a candidate gets URLs of their own
 * attempts' media only, support and super administrators of any attempt; anything else is the
 * same 404 as a missing file. A staff member's access is written on the attempt's timeline.
 */
export class MediaLinks {
  constructor(
    private readonly signer: MediaUrlSigner,
    private readonly media: MediaStorage,
    private readonly owners: AttemptOwners,
    private readonly activity: AttemptActivity,
  ) {}

  /** The attempt a key belongs to, when the actor may read its media (400 for a malformed key, else 404). */
  async authorise(actor: Actor, key: string): Promise<{ userExamId: number }> {
    assertSafeKey(key);
    const attempt = attemptOfKey(key);
    if (!attempt) throw notFound(mediaPolicy.fileNotFound);
    permitted(await this.owners.owner(attempt.userExamId), (o) => mediaPolicy.read(actor, o), mediaPolicy.fileNotFound);
    return attempt;
  }

  /**
   * A signed URL of one stored object: inline (shown, played) or, with `download`, saved under
   * that name. Null when the object is not there.
   */
  async issue(actor: Actor, key: string, options: { download?: string } = {}): Promise<IssuedLink | null> {
    const { userExamId } = await this.authorise(actor, key);
    const stat = await this.media.stat(key);
    if (!stat) return null;
    if (isStaff(actor)) this.audit(actor, userExamId, key.split('/').pop()!);
    return { ...this.signer.sign(key, options), stat };
  }

  /** How long an issued URL works. */
  get ttlSeconds() {
    return this.signer.ttlSeconds;
  }

  /** The grant of a signed URL as it arrived (403 when altered or expired). */
  verify(key: string, query: SignedQuery) {
    return this.signer.verify(key, query);
  }

  /** Signs a key the caller has already authorised (a listing of one attempt's media). */
  sign(key: string, options: { download?: string } = {}) {
    return this.signer.sign(key, options);
  }

  audit(actor: Actor, userExamId: number, media: string) {
    this.activity.record({ kind: 'staff.media', userExamId, actorId: actor.id, data: { media } });
  }
}
