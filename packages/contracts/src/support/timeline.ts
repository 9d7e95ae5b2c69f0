import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** GET /api/support/timeline/:userExamId (staff): the attempt's events, newest first, keyset paged. */
export const TimelineParams = z.object({ userExamId: Id });
export const TimelineQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const TimelineEvent = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  actor: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const TimelineResponse = z.object({
  attempt: z.object({
    userExamId: z.number(),
    username: z.string(),
    examName: z.string(),
    status: z.string(),
    resultStatus: z.string().nullable(),
    resultError: z.string().nullable(),
  }),
  events: z.array(TimelineEvent),
  /** pass as `before` for the next (older) page; null at the first event */
  nextBefore: z.number().nullable(),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;
