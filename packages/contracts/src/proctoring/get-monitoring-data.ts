import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/test/getMonitoringData */
export const GetMonitoringDataRequest = z.object({ userexamid: Id, instanceid: z.unknown().optional() });
export const MonitoringSettings = z.object({
  photo_timer: z.number().int(),
  photo_matching: z.boolean(),
  /** 'S' stops the exam on a violation, 'C' continues with a warning */
  photo_action: z.enum(['S', 'C']),
  speaker_dialect: z.boolean(),
  audio_action: z.enum(['S', 'C']),
  monitoring: z.boolean(),
});
export type MonitoringSettings = z.infer<typeof MonitoringSettings>;
export const GetMonitoringDataResponse = z.object({ result: MonitoringSettings });
export const MONITORING_DEFAULTS: MonitoringSettings = {
  photo_timer: 120,
  photo_matching: false,
  photo_action: 'C',
  speaker_dialect: false,
  audio_action: 'C',
  monitoring: false,
};
