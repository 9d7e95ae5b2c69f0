/**
 * Question type codes (spec: Question views, Answered rules). The spec does not give the exact
 * code-to-widget mapping for the text/descriptive group; ours is fixed here and used by the
 * seed, the scorer and the web views alike.
 */
export const CHOICE_TYPES = [1, 2, 3, 13, 14, 16, 17, 18, 24, 32] as const;
export const DESCRIPTIVE_TEXT_TYPES = [12, 4, 5, 6, 7, 8, 9, 19, 20, 29] as const;
export const RESOURCE_TYPES = [27, 28] as const;

export const QTYPE = {
  singleChoice: 1,
  multipleChoice: 2,
  multiBlank: 3,
  descriptive: 4,
  typedInput: 5,
  typingTest: 6,
  matching: 7,
  passageChoice: 13,
  coding: 20,
  videoInterview: 27,
  spokenAnswer: 28,
} as const;

/** The view a question type code is shown with. */
export type QuestionWidget =
  | 'single-choice'
  | 'multiple-choice'
  | 'multi-blank'
  | 'descriptive'
  | 'typed-input'
  | 'typing-test'
  | 'matching'
  | 'coding'
  | 'video'
  | 'spoken';

/**
 * The widget of a type code. The spec names no widget for 15, 21, 23 and 31 ("further kinds, not
 * shown") nor for codes outside its table; such a question is still answerable (ADR 0215): by
 * its choices when it has any, otherwise in the descriptive editor with a file upload. The
 * answered rule already accepts a choice, a text or a file for them; the scorer leaves them
 * for a human, like descriptive answers.
 */
export function widgetFor(code: number, hasChoices = false): QuestionWidget {
  switch (code) {
    case QTYPE.multipleChoice:
      return 'multiple-choice';
    case QTYPE.multiBlank:
      return 'multi-blank';
    case QTYPE.typedInput:
      return 'typed-input';
    case QTYPE.typingTest:
      return 'typing-test';
    case QTYPE.matching:
      return 'matching';
    case QTYPE.coding:
      return 'coding';
    case QTYPE.videoInterview:
      return 'video';
    case QTYPE.spokenAnswer:
      return 'spoken';
    default:
      if ((CHOICE_TYPES as readonly number[]).includes(code)) return 'single-choice';
      if ((DESCRIPTIVE_TEXT_TYPES as readonly number[]).includes(code) || [10, 25, 26].includes(code))
        return 'descriptive';
      return hasChoices ? 'single-choice' : 'descriptive';
  }
}

export const BLANK_KEYS = ['BLANK1', 'BLANK2', 'BLANK3'] as const;
export const BLANK_LABELS = ['Option(i)', 'Option(ii)', 'Option(iii)'] as const;

/** Button styles of the question-number grid. */
export const BUTTON_STYLE = {
  answered: 'Answered',
  notAnswered: 'Not Answered',
  markedReview: 'Marked Review',
  notVisited: 'Not Visited',
} as const;
export type ButtonStyle = (typeof BUTTON_STYLE)[keyof typeof BUTTON_STYLE];

/** Missing-translation marker in choice texts, and what is shown instead. */
export const TRANSLATION_MISSING = '--null--';
export const TRANSLATION_NOT_AVAILABLE = '( Translation not available )';

/** Report Issue types (spec, word for word). */
export const ISSUE_TYPES = [
  'Grammatical or Pharasing Error',
  'Two or more correct answer',
  'No correct answer',
  'Outdated Question',
  'Irrelevent Question',
  'Other',
] as const;
