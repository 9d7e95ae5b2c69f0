import { z } from 'zod';

/** The roster CSV's header, in this order (case and surrounding spaces ignored). */
export const ROSTER_HEADER = ['first name', 'last name', 'e-mail', 'contact number', 'organisation', 'group'] as const;

export const RosterRejection = z.object({
  /** the CSV line (1 is the header) */
  line: z.number().int(),
  email: z.string(),
  reasons: z.array(z.string()),
});

export const RosterLink = z.object({
  email: z.string(),
  name: z.string(),
  /** a single-use set-password link (new users, and users who never set one) */
  link: z.string(),
  expiresAt: z.string(),
});
export type RosterLink = z.infer<typeof RosterLink>;

/**
 * What a roster upload did. Rows are checked first; when any is rejected nothing is written
 * (`applied` false), so a corrected file can be sent again as a whole.
 */
export const RosterReport = z.object({
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(RosterRejection),
  /** a problem with the file as a whole (wrong header, not CSV), else null */
  fileError: z.string().nullable(),
  organisations: z.array(z.object({ id: z.number().int(), name: z.string(), created: z.boolean() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), organisation: z.string(), created: z.boolean() })),
  links: z.array(RosterLink),
});
export type RosterReport = z.infer<typeof RosterReport>;
