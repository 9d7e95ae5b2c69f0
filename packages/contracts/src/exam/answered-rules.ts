import { VALUE_SEPARATOR } from '../shared/constants.ts';
import {
  BUTTON_STYLE,
  CHOICE_TYPES,
  DESCRIPTIVE_TEXT_TYPES,
  QTYPE,
  RESOURCE_TYPES,
  type ButtonStyle,
} from '../shared/question-types.ts';

/** Descriptive text with tags, spaces and &nbsp; stripped (spec: Question button state). */
export function stripDescriptive(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, '')
    .split(VALUE_SEPARATOR)
    .join('')
    .replace(/\s+/g, '');
}

export interface AnswerLike {
  qtypecode: number;
  selectedChoiceId?: string | null;
  descriptiveText?: string | null;
  uploadedFile?: string | null;
  answerResourcePath?: string | null;
  /** Multi-blank questions: how many blanks (1 to 3). */
  blankCount?: number;
}

/** Whether every blank of a multi-blank answer is filled (comma-joined in blank order). */
export function allBlanksFilled(selected: string | null | undefined, blankCount: number): boolean {
  if (!selected) return false;
  const parts = selected.split(',');
  if (parts.length < blankCount) return false;
  return parts.slice(0, blankCount).every((p) => p.trim() !== '');
}

/** The answered rule by question type code (spec section 5). */
export function isAnswered(item: AnswerLike): boolean {
  const code = item.qtypecode;
  if (code === QTYPE.multiBlank) return allBlanksFilled(item.selectedChoiceId, Math.max(1, item.blankCount ?? 1));
  if ((CHOICE_TYPES as readonly number[]).includes(code))
    return !!item.selectedChoiceId && item.selectedChoiceId.trim() !== '';
  if ((RESOURCE_TYPES as readonly number[]).includes(code)) return !!item.answerResourcePath;
  if ((DESCRIPTIVE_TEXT_TYPES as readonly number[]).includes(code)) {
    return stripDescriptive(item.descriptiveText) !== '' || !!item.uploadedFile;
  }
  return !!item.selectedChoiceId || stripDescriptive(item.descriptiveText) !== '' || !!item.uploadedFile;
}

/** The grid style after a change: Answered, or Not Answered once visited. Marked Review is kept. */
export function buttonStyleAfterChange(item: AnswerLike & { buttonStyle?: string }): ButtonStyle {
  if (item.buttonStyle === BUTTON_STYLE.markedReview) return BUTTON_STYLE.markedReview;
  if (isAnswered(item)) return BUTTON_STYLE.answered;
  return BUTTON_STYLE.notAnswered;
}

/**
 * Mark / unmark for review: marking sets Marked Review whatever the answer; unmarking goes back
 * to what the answered rule says. Navigation and the answered rule never look at this style.
 */
export function toggleReviewStyle(item: AnswerLike & { buttonStyle?: string }): ButtonStyle {
  if (item.buttonStyle === BUTTON_STYLE.markedReview)
    return isAnswered(item) ? BUTTON_STYLE.answered : BUTTON_STYLE.notAnswered;
  return BUTTON_STYLE.markedReview;
}

/** Progress: answered divided by total times 100 (rounded). */
export function progressPercent(answered: number, total: number): number {
  return total > 0 ? Math.round((answered / total) * 100) : 0;
}
