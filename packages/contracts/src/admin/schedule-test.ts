import { z } from 'zod';
import { IntId } from '../shared/id.ts';

const Flag = z.boolean();
const Action = z.enum(['S', 'C']).describe("'S' stops the attempt at the violation limit, 'C' only warns");

/** Monitoring settings of a scheduled test (spec: Monitoring settings). */
export const ScheduleMonitoring = z.object({
  monitoring: Flag.default(false),
  photo_timer: z.number().int().min(10).max(3600).default(120),
  photo_matching: Flag.default(false),
  photo_action: Action.default('C'),
  speaker_dialect: Flag.default(false),
  audio_action: Action.default('C'),
  /** window switches allowed before the test ends; null: not counted */
  windowSwitchLimit: z.number().int().min(0).max(100).nullable().default(null),
});

/** POST /api/admin/schedules: a test for a group, in a window. */
export const ScheduleTestRequest = z
  .object({
    testId: IntId,
    groupId: IntId,
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    durationMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    languages: z
      .array(z.string().regex(/^[a-z]{2,3}-[A-Z]{2}$/))
      .min(1)
      .max(20)
      .default(['en-IN']),
    attempts: z.number().int().min(1).max(10).default(1),
    /** show the score on the thank-you page (showscore) */
    showScore: Flag.default(true),
    monitoring: ScheduleMonitoring.prefault({}),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    message: 'The window must end after it starts.',
    path: ['endsAt'],
  });
export type ScheduleTestRequest = z.infer<typeof ScheduleTestRequest>;

export const ScheduleTestResponse = z.object({
  scheduleId: z.number().int(),
  examId: z.number().int(),
  /** members of the group given an attempt now */
  assigned: z.number().int(),
});
