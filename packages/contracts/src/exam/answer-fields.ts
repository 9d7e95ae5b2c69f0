import type { AnswerValue } from './question-item.ts';

/** The fields of an item that form its answer (what a save carries). */
export const ANSWER_FIELDS = [
  'selectedChoiceId',
  'descriptiveText',
  'uploadedFile',
  'answerResourcePath',
  'answerResourceName',
  'recordedTime',
  'audioButtonCount',
  'matchOrder',
  'typing',
  'codelang',
  'countCompilation',
  'buttonStyle',
  'timeSpend',
] as const;

export function answerOf(item: Partial<AnswerValue>): AnswerValue {
  const out: Record<string, unknown> = {};
  for (const k of ANSWER_FIELDS) if (item[k] !== undefined) out[k] = item[k];
  return out as AnswerValue;
}
