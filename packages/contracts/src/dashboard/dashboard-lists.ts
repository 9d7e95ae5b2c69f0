import { z } from 'zod';

/** Organisation choice of the Organization dropdown. */
export const OrgOption = z.object({ organization_id: z.number(), org_name: z.string() });
export type OrgOption = z.infer<typeof OrgOption>;

/** A pending row (spec "Test row" plus what the list needs to draw the action). */
export const PendingRow = z.object({
  userExamId: z.number(),
  examName: z.string(),
  /** Scheduled date (ISO); the Take button is disabled before it. */
  date: z.string(),
  /** Comma-separated locales the test offers. */
  languageLocale: z.string(),
  assessee: z.string().nullable(),
  role: z.string().nullable(),
  /** '000' NOT STARTED or '001' IN PROGRESS. */
  status: z.string(),
  statusLabel: z.string(),
  testType: z.number(),
  /** True once the scheduled date has arrived (decided by the server's clock). */
  available: z.boolean(),
  selectedLanguage: z.string().nullable(),
});
export type PendingRow = z.infer<typeof PendingRow>;

/** A completed row (spec "Completed row" and "Feedback row"). */
export const CompletedRow = z.object({
  userExamId: z.number(),
  name: z.string(),
  assessee: z.string().nullable(),
  role: z.string().nullable(),
  testStatus: z.string(),
  resultStatus: z.string(),
  /** ISO date, or null (shown 'N.A.'). */
  resultDate: z.string().nullable(),
  report: z.boolean(),
  groupId: z.number(),
});
export type CompletedRow = z.infer<typeof CompletedRow>;

/** An expired row: name, status, date. */
export const ExpiredRow = z.object({
  userExamId: z.number(),
  name: z.string(),
  status: z.string(),
  date: z.string().nullable(),
});
export type ExpiredRow = z.infer<typeof ExpiredRow>;

/** A group button and its three lists. `reportReady` drives the completed tab's report link. */
export const DashboardGroup = z.object({
  groupId: z.number(),
  groupName: z.string(),
  category: z.string(),
  reportReady: z.boolean(),
  pending: z.array(PendingRow),
  completed: z.array(CompletedRow),
  expired: z.array(ExpiredRow),
});
export type DashboardGroup = z.infer<typeof DashboardGroup>;

/** A practice row (spec "Practice row"); `id` is the practice exam's id. */
export const PracticeRow = z.object({
  id: z.number(),
  test_name: z.string(),
  numberofquestions: z.number(),
  /** Minutes. */
  duration: z.number(),
});
export type PracticeRow = z.infer<typeof PracticeRow>;

/** What userHome and the menu action answer: the lists of one organisation and category. */
export const DashboardLists = z.object({
  org: z.array(OrgOption),
  latestOrg: z.number().nullable(),
  listType: z.string(),
  groups: z.array(DashboardGroup),
  practice: z.array(PracticeRow),
  isWorkflowInProgress: z.boolean(),
});
export type DashboardLists = z.infer<typeof DashboardLists>;
