import { z } from 'zod';

/** GET /api/dashboard/getProfile with an optional header `orgid`: the signed-in user's profile. */
export const GetProfileHeaders = z.object({ orgid: z.string().regex(/^\d+$/).optional() }).passthrough();
export type GetProfileHeaders = z.infer<typeof GetProfileHeaders>;

export const ProfileData = z.object({
  firstname: z.string(),
  lastname: z.string(),
  contact_number: z.string(),
  id: z.number(),
  email_address: z.string(),
  organization_id: z.number().nullable(),
});
export const GetProfileResponse = z.object({ profileData: ProfileData });
export type GetProfileResponse = z.infer<typeof GetProfileResponse>;
