import { createHmac } from 'node:crypto';
import { QTYPE } from '@invigil/contracts';
import type { QuestionRow } from './exam.repository.ts';

/** A matching question's ids for one attempt: stored id to the opaque id the candidate sees. */
export interface MatchIds {
  columnA: Map<number, number>;
  columnB: Map<number, number>;
}

type Item = { id: number };

/**
 * Opaque ids of matching items (ADR 0070). The stored ids could give the key away (1 with 101,
 * 2 with 102); a candidate sees instead an HMAC of (attempt, question, column, id) under a server
 * secret, cut to a positive 31-bit integer. They differ per attempt, carry no order, and every
 * API node derives the same ones from the same secret, so nothing is stored. Answers keep the
 * opaque ids; scoring maps the key to them.
 */
export class ItemIds {
  constructor(private readonly secret: string) {}

  private opaque(attemptId: number, qid: number, column: string, id: number, salt: number): number {
    const mac = createHmac('sha256', this.secret).update(`${attemptId}:${qid}:${column}:${id}:${salt}`).digest();
    return mac.readUInt32BE(0) & 0x7fffffff || 1;
  }

  matching(attemptId: number, q: Pick<QuestionRow, 'id' | 'qtypeCode' | 'content'>): MatchIds {
    const ids: MatchIds = { columnA: new Map(), columnB: new Map() };
    if (q.qtypeCode !== QTYPE.matching) return ids;
    const used = new Set<number>();
    for (const column of ['columnA', 'columnB'] as const) {
      for (const item of (q.content[column] as Item[] | undefined) ?? []) {
        if (ids[column].has(item.id)) continue;
        // A collision inside one question (about 1 in 10^6 for 100 items) takes the next salt.
        let salt = 0;
        let v = this.opaque(attemptId, q.id, column, item.id, salt);
        while (used.has(v)) v = this.opaque(attemptId, q.id, column, item.id, ++salt);
        used.add(v);
        ids[column].set(item.id, v);
      }
    }
    return ids;
  }
}
