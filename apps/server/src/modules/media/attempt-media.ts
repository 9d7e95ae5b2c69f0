import type { AttemptMediaItem, AttemptMediaKind, AttemptMediaResponse } from '@invigil/contracts';
import { contentTypeOf } from '../../lib/media/content-types.ts';
import { isStaff, permitted, type Actor } from '../../policies/actor.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { AttemptOwners, MediaLinks } from './media-links.ts';

/** One stored medium of an attempt, as a source knows it. */
export interface AttemptMediaEntry {
  key: string;
  kind: AttemptMediaKind;
  label: string;
  at: Date;
  contentType?: string;
  size?: number | null;
  /** the name a download is saved under (default: the key's last part) */
  name?: string;
  detail?: AttemptMediaItem['detail'];
}

/**
 * Where an attempt's media is recorded: proctoring pictures (their table), answer files (the
 * store), recordings (their table). A new kind of media is one more source in composition.ts.
 */
export interface AttemptMediaSource {
  attemptMedia(userExamId: number, limit: number): Promise<AttemptMediaEntry[]>;
}

/** At most this many media in one listing (a 3-hour attempt with a picture every 20 s has 540). */
const LIMIT = 1000;

/** An attempt's media with signed URLs, for the support view (generic over kinds). */
export class AttemptMedia {
  constructor(
    private readonly links: MediaLinks,
    private readonly owners: AttemptOwners,
    private readonly sources: AttemptMediaSource[],
  ) {}

  async list(actor: Actor, userExamId: number): Promise<AttemptMediaResponse> {
    permitted(await this.owners.owner(userExamId), (o) => mediaPolicy.read(actor, o), 'User exam not found.');
    const all = (await Promise.all(this.sources.map((s) => s.attemptMedia(userExamId, LIMIT + 1)))).flat();
    all.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : 1));
    const entries = all.slice(0, LIMIT);
    if (isStaff(actor)) this.links.audit(actor, userExamId, `attempt media (${entries.length})`);
    let expiresAt = new Date(Date.now() + this.links.ttlSeconds * 1000);
    const items = entries.map((e): AttemptMediaItem => {
      const view = this.links.sign(e.key);
      expiresAt = view.expiresAt;
      return {
        key: e.key,
        kind: e.kind,
        label: e.label,
        at: e.at.toISOString(),
        contentType: e.contentType ?? contentTypeOf(e.key),
        size: e.size ?? null,
        url: view.url,
        downloadUrl: this.links.sign(e.key, { download: e.name ?? e.key.split('/').pop()! }).url,
        detail: e.detail ?? {},
      };
    });
    return { items, truncated: all.length > LIMIT, expiresAt: expiresAt.toISOString() };
  }
}
