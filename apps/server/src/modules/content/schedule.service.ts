import type { ScheduleTestRequest } from '@invigil/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { ScheduleRepository } from './schedule.repository.ts';

/** The exam-detail settings of a schedule (spec: exam detail and monitoring settings). */
function scheduleSettings(r: ScheduleTestRequest): Record<string, unknown> {
  const m = r.monitoring;
  const show = r.showScore ? 1 : 0;
  return {
    showscore: show,
    showscoreflag: show,
    monitoringflag: m.monitoring ? 1 : 0,
    photo_timer: m.photo_timer,
    photo_matching: m.photo_matching ? 1 : 0,
    photo_action: m.photo_action,
    speaker_dialect: m.speaker_dialect ? 1 : 0,
    audio_action: m.audio_action,
    webproctoringcount: m.windowSwitchLimit,
  };
}

/**
 * Scheduling an imported test for a group (issue 17): the template is copied into an instance
 * exam carrying the schedule's duration, languages, monitoring and result settings, so the
 * engine, proctoring and the dashboard read it as they read the demo tests; every member gets
 * a first attempt in the window, and later attempts follow closed ones (ResultsService).
 */
export class ScheduleService {
  constructor(private readonly repo: ScheduleRepository) {}

  async schedule(actorId: number | null, r: ScheduleTestRequest) {
    const template = await this.repo.template(r.testId);
    if (!template) throw notFound('No imported test with this id.');
    const group = await this.repo.group(r.groupId);
    if (!group) throw notFound('No Tests group with this id.');
    const startsAt = new Date(r.startsAt);
    const endsAt = new Date(r.endsAt);
    if (endsAt.getTime() <= Date.now()) throw new HttpError(400, 'The window has already ended.');
    if (r.durationMinutes * 60_000 > endsAt.getTime() - startsAt.getTime())
      throw new HttpError(400, 'The duration is longer than the window.');
    return this.repo.create({
      templateId: template.id,
      groupId: group.id,
      organizationId: group.organizationId,
      startsAt,
      endsAt,
      seconds: r.durationMinutes * 60,
      languages: [...new Set(r.languages)],
      attempts: r.attempts,
      settings: scheduleSettings(r),
      createdBy: actorId,
    });
  }
}
