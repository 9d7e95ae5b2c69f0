import { VALUE_SEPARATOR, type AnswerValue, type QuestionItem } from '@invigil/contracts';
import type { ComponentType } from 'react';

/** What every question view receives. Media (27, 28) and coding (20) views plug in with the same props. */
export interface QuestionViewProps {
  item: QuestionItem;
  examId: number;
  disabled: boolean;
  onChange(patch: Partial<AnswerValue>): void;
  /** Views that record (video, audio) hold navigation while they run. */
  setRecording?(on: boolean): void;
  setFilePickerOpen?(on: boolean): void;
}
export type QuestionView = ComponentType<QuestionViewProps>;

export interface ChoiceOption {
  id: string;
  text: string;
  translated: string;
  key: string;
  resource: string;
}

const split = (s: string | undefined) => (s ? s.split(VALUE_SEPARATOR) : []);

/** The '|^^|'-joined choice fields as a list. */
export function choicesOf(fields: {
  choiceid: string;
  choicetext: string;
  translated_choicetext: string;
  chkey?: string;
  choice_resource_url?: string;
}): ChoiceOption[] {
  const ids = split(fields.choiceid);
  const texts = split(fields.choicetext);
  const translated = split(fields.translated_choicetext);
  const keys = split(fields.chkey);
  const res = split(fields.choice_resource_url);
  return ids.map((id, i) => ({
    id,
    text: texts[i] ?? '',
    translated: translated[i] ?? '',
    key: keys[i] ?? '',
    resource: res[i] ?? '',
  }));
}
