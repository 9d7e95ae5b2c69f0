import { EXAM_STATUS } from '../shared/constants.ts';

/** Dashboard list types a userHome/menu call can ask for (spec "Menu to list type"). */
export const LIST_TYPES = ['TEST', 'SURVEY', 'FEEDBACK', 'WORKFLOW', 'COMPLETED', 'EXPIRED', 'PRACTISE'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** The four categories that hold items (groups.category). */
export const CATEGORIES = ['TEST', 'SURVEY', 'FEEDBACK', 'WORKFLOW'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Menu keys whose content is a list (the shell's menu plus the Completed/Expired variants). */
export const LIST_MENU_KEYS = [
  'Tests',
  'Feedback',
  'Survey',
  'WorkFlow',
  'Completed',
  'Expired',
  'Practice',
  'FeedbackCompleted',
  'SurveyCompleted',
  'WorkFlowCompleted',
  'FeedbackExpired',
  'SurveyExpired',
  'WorkFlowExpired',
] as const;

/** Every menu key the candidate dashboard knows (list areas plus the static pages). */
export const DASHBOARD_MENU_KEYS = [...LIST_MENU_KEYS, 'Site Requirements', 'Support', 'User Help'] as const;

/** A menu key to the category whose items its area lists. */
export function categoryForMenu(menuKey: string): Category {
  if (menuKey.startsWith('Feedback')) return 'FEEDBACK';
  if (menuKey.startsWith('Survey')) return 'SURVEY';
  if (menuKey.startsWith('WorkFlow')) return 'WORKFLOW';
  return 'TEST';
}

/** A menu key to the list type (spec: Tests TEST, Practice PRACTISE, Completed COMPLETED...). */
export function listTypeForMenu(menuKey: string): ListType {
  if (menuKey === 'Practice') return 'PRACTISE';
  if (menuKey === 'Completed') return 'COMPLETED';
  if (menuKey === 'Expired') return 'EXPIRED';
  return categoryForMenu(menuKey);
}

/** A list type to the category whose groups it reads (Completed/Expired are the tests'). */
export const categoryForListType = (t: ListType): Category =>
  t === 'SURVEY' || t === 'FEEDBACK' || t === 'WORKFLOW' ? t : 'TEST';

/** The status texts shown in the lists, by exam status code. */
export const STATUS_LABEL: Record<string, string> = {
  [EXAM_STATUS.notStarted]: 'NOT STARTED',
  [EXAM_STATUS.inProgress]: 'IN PROGRESS',
  [EXAM_STATUS.completed]: 'COMPLETED',
  [EXAM_STATUS.timeOut]: 'TIME OUT',
  [EXAM_STATUS.expired]: 'EXPIRED',
  [EXAM_STATUS.aborted]: 'ABORTED',
  [EXAM_STATUS.retest]: 'RETEST',
  [EXAM_STATUS.resultFailed]: 'RESULT FAILED',
};

/**
 * Pending items the candidate resumes: in progress, and a retest (998, after 'Low bandwidth
 * detected' asked them to reattempt; the deadline of the first start still runs, ADR 0070).
 * Both are listed as IN PROGRESS with a Resume button.
 */
export const isResumable = (status: string) => status === EXAM_STATUS.inProgress || status === EXAM_STATUS.retest;

/** Texts of the dashboard the server sends (word for word from the spec). */
export const DASHBOARD_MESSAGES = {
  practiceAssigned: 'Exam is assigned',
  practiceAlreadyAssigned: 'Exam is already assigned hence cant assign',
  reportProcessing: 'Please wait, Your request is being processed',
} as const;

/** System check (spec "System check page" and section 9). */
export const SYSTEM_CHECK = {
  speedTestBytes: 50_000,
  minBandwidthMbps: 0.3,
  minChrome: 55,
  minFirefox: 50,
} as const;

/** Display names of the locales a test may offer. */
export const LANGUAGE_NAMES: Record<string, string> = {
  'en-IN': 'English',
  'hi-IN': 'Hindi',
  'ta-IN': 'Tamil',
  'te-IN': 'Telugu',
  'kn-IN': 'Kannada',
  'mr-IN': 'Marathi',
  'bn-IN': 'Bengali',
  'gu-IN': 'Gujarati',
};
