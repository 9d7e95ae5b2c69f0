import { widgetFor, type QuestionItem, type QuestionWidget } from '@invigil/contracts';
import { CodingView } from '../coding/coding-view.tsx';
import { MultiBlankView, MultipleChoiceView, SingleChoiceView } from './choice-views.tsx';
import { DescriptiveView } from './descriptive-view.tsx';
import { MatchingView } from './matching-view.tsx';
import { SpokenAnswerView, VideoInterviewView } from './recording-views.tsx';
import { TypedInputView } from './typed-input-view.tsx';
import { TypingTestView } from './typing-test-view.tsx';
import type { QuestionView } from './view-types.ts';

/** The view of each widget; the recording views (27, 28) load their chunk when first shown. */
const views = new Map<QuestionWidget, QuestionView>([
  ['single-choice', SingleChoiceView],
  ['multiple-choice', MultipleChoiceView],
  ['multi-blank', MultiBlankView],
  ['typed-input', TypedInputView],
  ['descriptive', DescriptiveView],
  ['typing-test', TypingTestView],
  ['matching', MatchingView],
  ['coding', CodingView],
  ['spoken', SpokenAnswerView],
  ['video', VideoInterviewView],
]);

/** A type the spec does not describe is answered by its choices, or in the descriptive editor (ADR 0215). */
export const viewFor = (item: Pick<QuestionItem, 'qtypecode' | 'choiceid'>): QuestionView =>
  views.get(widgetFor(item.qtypecode, !!item.choiceid)) ?? DescriptiveView;
