/** Constants of the product specification, shared by server and web. */
export const VALUE_SEPARATOR = '|^^|';
export const DEFAULT_LANGUAGE = 'en-IN';

export const ROLES = {
  candidate: 'ROLE_CANDIDATE',
  support: 'ROLE_SUPPORT',
  superAdmin: 'ROLE_SUPERADMIN',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/**
 * Staff roles skip the per-organisation menu load (getUserOrgData): the spec says so for the
 * super administrator; support has no organisation lists of its own (ADR 0120).
 */
export const skipsOrgMenuLoad = (role: string): boolean => role === ROLES.superAdmin || role === ROLES.support;

/** Exam status codes (spec section 4). */
export const EXAM_STATUS = {
  notStarted: '000',
  inProgress: '001',
  completed: '010',
  timeOut: '011',
  expired: '100',
  aborted: '111',
  retest: '998',
  resultFailed: '999',
} as const;
export type ExamStatus = (typeof EXAM_STATUS)[keyof typeof EXAM_STATUS];

/** Statuses of a submitted attempt: the ones with a result to process or regenerate. */
export const SUBMITTED_STATUSES: readonly string[] = [
  EXAM_STATUS.completed,
  EXAM_STATUS.timeOut,
  EXAM_STATUS.aborted,
  EXAM_STATUS.resultFailed,
];

/** sessionTime cookie values. */
export const SESSION_TIME = { loggedIn: '0', loggedOut: '1', forcedOut: '2' } as const;

/** Login statuses the client treats as success. */
export const LOGIN_SUCCESS = 'SUCCESS';
export const LOGIN_REGENERATED = 'Token Regenerate complete successfully';
export const LOGIN_ALREADY = 'User Already logged in, logout to proceed further or contact support';
export const LOGOUT_STATUS = 'Logout';

export const LAYOUT = {
  drawerWidth: 240,
  mobileBreakpoint: 767,
  languageModalWidth: 425,
  messageModalWidth: 390,
  warningModalWidth: 380,
  submissionModalWidth: 425,
} as const;

/** Test types 7 and 8 are surveys. */
export const SURVEY_TEST_TYPES = [7, 8] as const;
export const isSurveyType = (testType: number) => (SURVEY_TEST_TYPES as readonly number[]).includes(testType);

/** Menu item to list type (spec section 4). */
export const MENU_TO_TYPE: Record<string, string> = {
  Tests: 'TEST',
  Practice: 'PRACTISE',
  Survey: 'SURVEY',
  Feedback: 'FEEDBACK',
  Completed: 'COMPLETED',
  Expired: 'EXPIRED',
  WorkFlow: 'WORKFLOW',
};
