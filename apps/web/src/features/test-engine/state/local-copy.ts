import { decodePayload, encodePayload, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { local } from '../../../lib/storage.ts';

/** The local copy of a test, under the exam (user-exam) id: encoded questions plus exam detail. */
export interface LocalCopy {
  examDetail: ExamDetail;
  quesData: QuestionItem[];
  /** The highest change counter used on this device. */
  seq: number;
  /** Questions changed here and not yet confirmed by the server. */
  pending: number[];
  windowSwitches: number;
  savedAt: number;
}

const localKey = (examId: number) => String(examId);
/** set once this browser showed the one-minute warning of the attempt, so a reload does not show it again */
const oneMinuteKey = (examId: number) => `one-minute-${examId}`;

export const oneMinuteShown = (examId: number) => local.get(oneMinuteKey(examId)) !== null;
export const markOneMinuteShown = (examId: number) => local.set(oneMinuteKey(examId), '1');

export function readLocalCopy(examId: number): LocalCopy | null {
  const raw = local.get(localKey(examId));
  if (!raw) return null;
  try {
    const copy = decodePayload<LocalCopy>(raw);
    return copy && Array.isArray(copy.quesData) && copy.examDetail?.id === examId ? copy : null;
  } catch {
    return null;
  }
}

/** Written on every answer change; a full quota is survivable (the server copy remains). */
export function writeLocalCopy(examId: number, copy: LocalCopy): boolean {
  const ok = local.set(localKey(examId), encodePayload(copy));
  local.set('remainingTime', String(copy.examDetail.time_remaining));
  return ok;
}

export function clearLocalCopy(examId: number) {
  local.remove(localKey(examId));
  local.remove(oneMinuteKey(examId));
  local.remove('remainingTime');
}

/**
 * Resume: per question, the newer of the server's copy and the local copy wins (by change
 * counter). Local answers newer than the server's are returned as pending, to be sent.
 */
export function mergeCopies(
  server: QuestionItem[],
  localItems: QuestionItem[] | undefined,
): { items: QuestionItem[]; pending: number[]; seq: number } {
  const byId = new Map((localItems ?? []).map((q) => [q.qid, q]));
  const pending: number[] = [];
  let seq = 0;
  const items = server.map((s) => {
    const l = byId.get(s.qid);
    seq = Math.max(seq, s.seq ?? 0, l?.seq ?? 0);
    if (l && (l.seq ?? 0) > (s.seq ?? 0)) {
      pending.push(s.qid);
      return { ...s, ...pickAnswer(l), seq: l.seq };
    }
    return { ...s, timeSpend: Math.max(s.timeSpend ?? 0, l?.timeSpend ?? 0) };
  });
  return { items, pending, seq };
}

const FIELDS = [
  'selectedChoiceId',
  'descriptiveText',
  'uploadedFile',
  'answerResourcePath',
  'answerResourceName',
  'recordedTime',
  'matchOrder',
  'typing',
  'buttonStyle',
  'timeSpend',
  'answerStatus',
] as const;

function pickAnswer(q: Partial<QuestionItem>): Partial<QuestionItem> {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) if (q[k] !== undefined) out[k] = q[k];
  return out as Partial<QuestionItem>;
}

/**
 * The server's newer answers (saved by another tab or device of the same attempt, by seq) in
 * place of this page's, except for questions this page still has to send (those are newer
 * here, and go out with their seq).
 */
export function withServerAnswers(
  items: QuestionItem[],
  saved: Array<{ qid: number; seq: number; answer: Record<string, unknown> }>,
  pending: Set<number>,
  answered: (q: QuestionItem) => boolean,
): QuestionItem[] {
  const byId = new Map(saved.map((s) => [s.qid, s]));
  return items.map((q) => {
    const s = byId.get(q.qid);
    if (!s || s.seq <= (q.seq ?? 0) || pending.has(q.qid)) return q;
    const next = { ...q, seq: s.seq } as QuestionItem & Record<string, unknown>;
    for (const k of FIELDS) if (k !== 'timeSpend') next[k] = s.answer[k] as never;
    next.buttonStyle = (s.answer.buttonStyle as QuestionItem['buttonStyle'] | undefined) ?? q.buttonStyle;
    return { ...next, answerStatus: answered(next) };
  });
}
