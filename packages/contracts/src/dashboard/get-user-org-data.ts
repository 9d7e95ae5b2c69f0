import { z } from 'zod';

/** GET /api/test/getUserOrgData: the last menu, organisation and type button of the user. */
export const UserOrgDataItem = z.object({
  selectedMenu: z.string(),
  orgId: z.number().nullable(),
  typeButton: z.string(),
});
export const GetUserOrgDataResponse = z.object({ result: z.array(UserOrgDataItem) });
export type GetUserOrgDataResponse = z.infer<typeof GetUserOrgDataResponse>;
