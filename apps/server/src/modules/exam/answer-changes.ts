import { ClientQuestionState, FILES_PATH, answerOf, decodePayload, type AnswerValue } from '@invigil/contracts';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors.ts';

/** One answer to write: the client's sequence number orders saves of the same question. */
export interface AnswerChange {
  qid: number;
  seq: number;
  answer: AnswerValue;
}

const ClientItems = z.array(ClientQuestionState).max(1000);

/** Decodes a base64url JSON question list; only qid, seq and answer fields are kept. */
export function decodeQuestionStates(encoded: string | null | undefined): ClientQuestionState[] {
  if (!encoded) return [];
  let raw: unknown;
  try {
    raw = decodePayload(encoded);
  } catch {
    throw badRequest('quesData is not base64url-encoded JSON.');
  }
  const wrapped = typeof raw === 'object' && raw !== null && 'quesData' in raw ? raw.quesData : undefined;
  const list = Array.isArray(raw) ? raw : Array.isArray(wrapped) ? wrapped : null;
  if (!list) throw badRequest('quesData must encode a list of questions.');
  const parsed = ClientItems.safeParse(list);
  if (!parsed.success) throw badRequest(`quesData: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

const CONTENT_FIELDS = [
  'selectedChoiceId',
  'descriptiveText',
  'uploadedFile',
  'answerResourcePath',
  'matchOrder',
  'typing',
] as const;

/** Items that carry an answer (a bare 'Not Visited' item carries none). */
export function changesFrom(items: ClientQuestionState[], allowed: Set<number>): AnswerChange[] {
  const out: AnswerChange[] = [];
  for (const it of items) {
    if (!allowed.has(it.qid)) continue;
    const answer = answerOf(it);
    const hasContent = CONTENT_FIELDS.some((k) => answer[k] !== undefined && answer[k] !== '');
    if (!hasContent && (!answer.buttonStyle || answer.buttonStyle === 'Not Visited')) continue;
    out.push({ qid: it.qid, seq: it.seq ?? 0, answer });
  }
  return out;
}

/**
 * An answer's uploadedFile names a file the server stored for this attempt and question
 * (`uploadfile`'s file_url), or nothing: a value a browser made up (another attempt's file, an
 * outside address, any text) is dropped before it is written, so it neither marks the question
 * Answered nor reaches support as this candidate's file (ADR 0260).
 */
export function ownFilesOnly<C extends { qid: number; answer: AnswerValue }>(userExamId: number, changes: C[]): C[] {
  return changes.map((c) => {
    const file = c.answer.uploadedFile;
    if (!file) return c;
    const own = new RegExp(`^${FILES_PATH}answer-files/${userExamId}/${c.qid}/\\d+[-.][A-Za-z0-9._-]+$`);
    // the name part has no '/', so no dot segment can leave the prefix ('my..cv.pdf' is a name)
    if (own.test(file)) return c;
    const { uploadedFile: _dropped, ...rest } = c.answer;
    return { ...c, answer: rest };
  });
}
