import { z } from 'zod';
import { Id } from '../shared/id.ts';

/**
 * POST /api/mobile-testing/store-permission-logs, /audioLogs and /videoLogs: fire-and-forget
 * device logs (spec section 7), stored per user and attempt; sizes and rate are bounded.
 */
export const DeviceLogRequest = z.object({
  userexamid: Id.optional(),
  event: z.string().min(1).max(60),
  detail: z.string().max(2000).optional(),
  /** the client's clock (ISO time), kept as sent */
  at: z.string().max(40).optional(),
});
export type DeviceLogRequest = z.infer<typeof DeviceLogRequest>;
export const DeviceLogResponse = z.object({ msg: z.literal('SUCCESS') });
export type DeviceLogResponse = z.infer<typeof DeviceLogResponse>;
