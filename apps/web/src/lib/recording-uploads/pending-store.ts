import type { RecordingKind } from '@invigil/contracts';

/**
 * A recording that has not been answered yet: kept in IndexedDB (blob and all) until the server
 * confirms the answer, so a dropped link, a reload or a browser restart loses nothing. The tus
 * upload's URL is kept with it once the server created the upload, to resume at the last byte.
 */
export interface PendingRecording {
  /** `${userExamId}:${qid}` */
  key: string;
  userExamId: number;
  qid: number;
  kind: RecordingKind;
  blob: Blob;
  mimeType: string;
  fileName: string;
  /** the browser's own timer (the server measures the file itself) */
  seconds: number;
  /** the still's imageUrl (video) */
  stillUrl?: string;
  uploadUrl?: string;
  createdAt: number;
  /** the signed-in user who recorded it: a later load resumes only their own (another user's 404s) */
  userId?: string;
}

export interface PendingStore {
  put(r: PendingRecording): Promise<void>;
  all(): Promise<PendingRecording[]>;
  delete(key: string): Promise<void>;
}

export const pendingKey = (userExamId: number, qid: number) => `${userExamId}:${qid}`;

const DB = 'invigil-recordings';
const STORE = 'pending';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** The IndexedDB store; where IndexedDB is missing (some private modes) recordings live in memory only. */
export class IdbPendingStore implements PendingStore {
  private db: Promise<IDBDatabase> | null = null;
  private readonly memory = new Map<string, PendingRecording>();

  private open(): Promise<IDBDatabase> | null {
    if (typeof indexedDB === 'undefined') return null;
    this.db ??= new Promise((resolve, reject) => {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'key' });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    return this.db;
  }

  private async tx(mode: IDBTransactionMode) {
    const db = await this.open();
    return db ? db.transaction(STORE, mode).objectStore(STORE) : null;
  }

  async put(r: PendingRecording) {
    this.memory.set(r.key, r);
    const s = await this.tx('readwrite').catch(() => null);
    if (s) await request(s.put(r)).catch(() => undefined);
  }

  async all() {
    const s = await this.tx('readonly').catch(() => null);
    const stored = s ? await request(s.getAll() as IDBRequest<PendingRecording[]>).catch(() => []) : [];
    const byKey = new Map(stored.map((r) => [r.key, r]));
    for (const [k, r] of this.memory) if (!byKey.has(k)) byKey.set(k, r);
    return [...byKey.values()];
  }

  async delete(key: string) {
    this.memory.delete(key);
    const s = await this.tx('readwrite').catch(() => null);
    if (s) await request(s.delete(key)).catch(() => undefined);
  }

  /** How many are pending (cheap: no blob is read), so an app load fetches the uploader only when needed. */
  async count(): Promise<number> {
    const s = await this.tx('readonly').catch(() => null);
    const stored = s ? await request(s.getAllKeys()).catch(() => []) : [];
    return new Set([...stored.map(String), ...this.memory.keys()]).size;
  }
}

/** The page's one store (its in-memory fallback is shared by the test engine and the app-load resume). */
export const pendingRecordings = new IdbPendingStore();
