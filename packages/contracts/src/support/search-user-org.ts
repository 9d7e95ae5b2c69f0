import { z } from 'zod';

/** POST /api/test/searchUserOrg: a user's attempts by e-mail (staff). */
export const SearchUserOrgRequest = z.object({ username: z.string().trim().min(1).max(320) });

/** The spec's user-exam row from search, plus the organisation id (for searchRecord) and the failure reason. */
export const SearchUserExamRow = z.object({
  userexams_id: z.number(),
  user_id: z.number(),
  examinstance_id: z.number(),
  org_id: z.number().nullable(),
  org_name: z.string(),
  exam_name: z.string(),
  start_timestamp: z.string().nullable(),
  finish_timestamp: z.string().nullable(),
  status: z.string(),
  result_status: z.string().nullable(),
  percentage: z.number().nullable(),
  queued: z.boolean(),
  already_in_queue: z.boolean(),
  mongodb_skipped: z.boolean(),
  result_error: z.string().nullable(),
});
export type SearchUserExamRow = z.infer<typeof SearchUserExamRow>;

/**
 * The found user's account (not in the spec's reply; added for the staff unlock): its id, even
 * when it has no attempts, and until when sign-in is locked (null: not locked now).
 */
export const SearchUserAccount = z.object({
  user_id: z.number(),
  locked_until: z.string().nullable(),
});
export type SearchUserAccount = z.infer<typeof SearchUserAccount>;

/** data.success 1 with the rows and the account, or 0 with the reason (no such user). */
export const SearchUserOrgResponse = z.object({
  data: z.object({
    success: z.union([z.literal(0), z.literal(1)]),
    message: z.string(),
    data: z.array(SearchUserExamRow),
    account: SearchUserAccount.optional(),
  }),
});
export type SearchUserOrgResponse = z.infer<typeof SearchUserOrgResponse>;
