import type { AnswerValue } from '@invigil/contracts';
import type { BatchAttemptOutcome, BatchRow } from './answer-batch.repository.ts';

export interface SaveChange {
  qid: number;
  seq: number;
  answer: AnswerValue;
}

/** What the save route needs to answer one request (null: no such attempt). */
export interface SaveOutcome {
  status: string;
  open: boolean;
  deadlineAt: Date | null;
  now: Date;
  saved: number;
}

interface Pending {
  userExamId: number;
  changes: SaveChange[];
  /** performance.now() when the save arrived (its wait for a batch is measured). */
  at: number;
  resolve(o: SaveOutcome | null): void;
  reject(e: unknown): void;
}

/** One change per question (a statement may touch a row once): the highest seq, the later on a tie. */
export function latestPerQuestion(changes: SaveChange[]): SaveChange[] {
  if (changes.length < 2) return changes;
  const byQid = new Map<number, SaveChange>();
  for (const c of changes) {
    const w = byQid.get(c.qid);
    if (!w || w.seq <= c.seq) byQid.set(c.qid, c);
  }
  return byQid.size === changes.length ? changes : [...byQid.values()];
}

/**
 * Group commit for progress saves. Saves that arrive while earlier batches are being written
 * wait for the next batch; each batch is one autocommit statement, and every request is
 * answered only after the statement that holds its rows has committed (so synchronous_commit
 * still decides durability). Under light load a batch holds one save and costs what a single
 * save costs; under heavy load one commit (one WAL flush) carries hundreds of saves.
 *
 * If a batch fails (a bad row, a deadlock), its saves are retried one by one so one request's
 * error never fails another's.
 */
/** Told of every batch as it starts: how many saves it carries and how long each waited (metrics). */
export type BatchObserver = (saves: number, waitsMs: number[]) => void;

export class SaveBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly observers: BatchObserver[] = [];

  constructor(
    /** One statement for the batch's rows (AnswerBatchRepository.write). */
    private readonly writeBatch: (rows: BatchRow[], attemptIds: number[]) => Promise<BatchAttemptOutcome[]>,
    /** One attempt's changes alone: a batch of one, and the fallback when a batch fails. */
    private readonly single: (userExamId: number, changes: SaveChange[]) => Promise<SaveOutcome | null>,
    /** Batches written at the same time (config.saveBatchConcurrency). */
    private readonly maxInFlight = 2,
    /** Rows per statement at most (config.saveBatchRows). */
    private readonly maxRows = 2000,
  ) {}

  observe(observer: BatchObserver): void {
    this.observers.push(observer);
  }

  /** Saves waiting for a batch (metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  save(userExamId: number, changes: SaveChange[]): Promise<SaveOutcome | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userExamId, changes, at: performance.now(), resolve, reject });
      this.kick();
    });
  }

  private kick() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Gather what arrived in this turn of the event loop into the same batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.queue.length && this.inFlight < this.maxInFlight) {
      let rows = 0;
      let n = 0;
      for (const next of this.queue) {
        if (n > 0 && rows + next.changes.length > this.maxRows) break;
        rows += next.changes.length;
        n++;
      }
      const batch = this.queue.splice(0, n);
      if (this.observers.length) {
        const now = performance.now();
        const waits = batch.map((p) => now - p.at);
        for (const o of this.observers) o(batch.length, waits);
      }
      this.inFlight++;
      this.write(batch).finally(() => {
        this.inFlight--;
        this.kick();
      });
    }
  }

  private async write(batch: Pending[]) {
    if (batch.length === 1) return this.one(batch[0]!);
    // One row per (attempt, question): the highest seq wins, and on equal seq the later save.
    const winners = new Map<string, { ue: number; qid: number; seq: number; answer: AnswerValue; owner: number }>();
    batch.forEach((p, owner) => {
      for (const c of p.changes) {
        const key = `${p.userExamId}:${c.qid}`;
        const w = winners.get(key);
        if (!w || w.seq <= c.seq)
          winners.set(key, { ue: p.userExamId, qid: c.qid, seq: c.seq, answer: c.answer, owner });
      }
    });
    const rows = [...winners.values()].sort((a, b) => a.ue - b.ue || a.qid - b.qid);
    const ids = [...new Set(batch.map((p) => p.userExamId))];
    let outcomes: BatchAttemptOutcome[];
    try {
      outcomes = await this.writeBatch(
        rows.map(({ ue, qid, seq, answer }) => ({ ue, qid, seq, answer })),
        ids,
      );
    } catch {
      await Promise.all(batch.map((p) => this.one(p)));
      return;
    }
    const byAttempt = new Map(outcomes.map((o) => [o.id, o]));
    batch.forEach((p, owner) => {
      const a = byAttempt.get(p.userExamId);
      if (!a) return p.resolve(null);
      let saved = 0;
      for (const qid of new Set(p.changes.map((c) => c.qid))) {
        if (a.savedQids.has(qid) && winners.get(`${p.userExamId}:${qid}`)?.owner === owner) saved++;
      }
      p.resolve({ status: a.status, open: a.open, deadlineAt: a.deadlineAt, now: a.now, saved });
    });
  }

  private async one(p: Pending) {
    try {
      p.resolve(await this.single(p.userExamId, latestPerQuestion(p.changes)));
    } catch (e) {
      p.reject(e);
    }
  }
}
