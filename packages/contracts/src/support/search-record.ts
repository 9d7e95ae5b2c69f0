import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { SearchUserExamRow } from './search-user-org.ts';

/** POST /api/test/searchRecord: the user's completed results in one organisation, by group (staff). */
export const SearchRecordRequest = z.object({ userId: Id, orgId: Id });

export const CompletedRecordRow = SearchUserExamRow.extend({
  name: z.string(),
  testStatus: z.string(),
  resultStatus: z.string(),
  resultDate: z.string(),
});
export type CompletedRecordRow = z.infer<typeof CompletedRecordRow>;

export const RecordGroup = z.object({
  groupId: z.number().nullable(),
  groupName: z.string(),
  completed: z.array(CompletedRecordRow),
});
export type RecordGroup = z.infer<typeof RecordGroup>;

export const SearchRecordResponse = z.object({ data: z.object({ groups: z.array(RecordGroup) }) });
export type SearchRecordResponse = z.infer<typeof SearchRecordResponse>;
