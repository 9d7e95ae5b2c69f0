import { z } from 'zod';
import { Id } from '../shared/id.ts';

const text = (max: number) => z.string().max(max).optional();
/**
 * What an event may hold: a name such as camera_stopped or failure:NotAllowedError. It is shown
 * on support's timeline as the browser's word, so no prose, spaces, line breaks or direction
 * controls (attack walk 4, ADR 0227).
 */
const DEVICE_EVENT_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** One media track as the browser saw it (spec: additionalLogs). */
const TrackLog = z.object({
  kind: text(20),
  label: text(200),
  enabled: z.boolean().optional(),
  readyState: text(20),
});

/**
 * POST /api/mobile-testing/store-permission-logs, /audioLogs and /videoLogs: fire-and-forget
 * device logs (spec section 7), stored per user and attempt; sizes and rate are bounded.
 * The spec's permission and video/audio log fields are accepted as sent; `userId` is ignored
 * (the session decides whose log it is). `event` is our short name of what happened; without
 * it the status and error name stand in.
 */
export const DeviceLogRequest = z
  .object({
    userexamid: Id.optional(),
    /** the spec's name of the user-exam id */
    examId: Id.optional(),
    questionNo: z.number().int().min(0).max(10_000).optional(),
    userId: z.unknown().optional(),
    event: z
      .string()
      .min(1)
      .max(60)
      .regex(DEVICE_EVENT_PATTERN, 'Must be a name: letters, digits and _ . : - only')
      .optional(),
    status: z.enum(['success', 'failure']).optional(),
    errorName: text(100),
    errorMessage: text(1000),
    errorStack: text(4000),
    constraints: z.record(z.string().max(40), z.unknown()).optional(),
    userAgent: text(400),
    platform: text(100),
    deviceType: z.enum(['mobile', 'desktop']).optional(),
    browser: text(100),
    additionalLogs: z.array(TrackLog).max(10).optional(),
    detail: text(2000),
    /** the client's clock (ISO time), kept as sent */
    at: text(40),
  })
  .refine((b) => b.event !== undefined || b.status !== undefined, {
    message: 'A device log needs an event or a status.',
  });
export type DeviceLogRequest = z.infer<typeof DeviceLogRequest>;
export const DeviceLogResponse = z.object({ msg: z.literal('SUCCESS') });
export type DeviceLogResponse = z.infer<typeof DeviceLogResponse>;
