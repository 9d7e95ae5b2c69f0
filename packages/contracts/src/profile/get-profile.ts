import { z } from 'zod';

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
