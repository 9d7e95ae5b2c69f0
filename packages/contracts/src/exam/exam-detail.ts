import { z } from 'zod';

/**
 * Exam detail (spec section 3), as the server sends it. `time_remaining` is computed by the
 * server from the attempt's fixed deadline; the browser only displays it.
 */
export const ExamDetail = z.object({
  id: z.number(),
  userid: z.number(),
  instanceid: z.number(),
  instancename: z.string(),
  instruction_text: z.string(),
  translated_instructions: z.string().nullable(),
  status: z.string(),
  test_type: z.number(),
  examtypeid: z.number(),
  time_remaining: z.number(),
  total_test_time: z.number(),
  totalmarkstoattempt: z.number(),
  comprehensionflag: z.number(),
  answermandatoryflag: z.number(),
  navflag: z.number(),
  showscore: z.number(),
  showscoreflag: z.number(),
  thankyoumessage: z.string(),
  reporttemplate: z.string().nullable(),
  selectedLanguage: z.string(),
  include_english: z.number(),
  speechlang: z.string().nullable(),
  monitoringflag: z.number(),
  speaker_dialect: z.boolean(),
  webproctoringcount: z.number().nullable(),
  webproctoringzero: z.boolean(),
  defaultZeroProctorCheck: z.number(),
  abort_reason: z.string().nullable(),
  codinglang: z.string().nullable(),
  /** Window switches the server has recorded for this attempt. */
  windowSwitchCount: z.number(),
  /** The exam's languages (locales). */
  languages: z.array(z.string()),
});
export type ExamDetail = z.infer<typeof ExamDetail>;

/** The second item of the exam-detail list for adaptive tests: pool sizes by difficulty 1..3. */
export const AdaptivePools = z.object({ pools: z.record(z.string(), z.number()) });
export type AdaptivePools = z.infer<typeof AdaptivePools>;

export const ExamDetailList = z.tuple([ExamDetail]).rest(AdaptivePools);
export type ExamDetailList = z.infer<typeof ExamDetailList>;
