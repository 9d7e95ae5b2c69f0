import { overlapParams, overlapsBaseline, usableBaseline, type SpeakerResult } from '@invigil/analysis';
import { AUDIO_STOP_AFTER, type SpeakerPurpose } from '@invigil/contracts';
import { monitoringSettings } from '../../lib/monitoring.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import type { ProctoringRepository, UserExamRef } from './proctoring.repository.ts';

/** Stops a proctored attempt (status 111 with the reason) and has it scored: the results service. */
export interface AttemptStopper {
  stopForProctoring(userExamId: number, reason: string): Promise<boolean>;
}

export interface SpeakerCheckDeps {
  repo: ProctoringRepository;
  stopper: AttemptStopper;
  activity: AttemptActivity;
}

/**
 * A speaker sample. 'check': a periodic sample of the test, counted (2+ speakers is a warning;
 * audio_action 'S' stops at AUDIO_STOP_AFTER). 'baseline': the candidate alone at device setup,
 * never counted; the server keeps its overlap score as the candidate's baseline only when its
 * own analysis finds it usable (one voice, enough speech, a one-voice score), so the first
 * periodic sample already has a baseline (ADR 0101). Nothing the browser claims takes part.
 */
export async function judgeSpeakerSample(
  deps: SpeakerCheckDeps,
  user: AuthUser,
  ue: UserExamRef,
  r: SpeakerResult,
  purpose: SpeakerPurpose,
) {
  const { repo, stopper, activity } = deps;
  const score = typeof r.overlap === 'number' && r.overlap > 0 ? r.overlap : null;
  const base = { speech_seconds: r.speechSeconds, duration_seconds: r.durationSeconds };
  if (purpose === 'baseline') {
    const baseline = usableBaseline(r);
    await repo.addAudioCheck({
      userExamId: ue.id,
      userId: user.id,
      speakers: r.speakers,
      speechSeconds: r.speechSeconds,
      durationSeconds: r.durationSeconds,
      overlapScore: baseline ? score : null,
      purpose,
    });
    const { audio: warnings } = await repo.warnings(ue.id);
    activity.record({
      kind: 'proctoring.speakers',
      userExamId: ue.id,
      userId: user.id,
      actorId: user.id,
      data: { speakers: r.speakers, ...base, purpose, overlap: score, baseline },
    });
    return { speakers: r.speakers, ...base, warnings, stopped: false, reason: null, baseline };
  }
  // BIC separates voices taking turns; a voice talking over the candidate is found by the overlap
  // score rising above this candidate's own earlier single-speaker samples (ADR 0101).
  const overlapped =
    r.speakers === 1 &&
    score !== null &&
    overlapsBaseline(score, await repo.singleSpeakerOverlapScores(ue.id, overlapParams.baselineSamples));
  const speakers = overlapped ? 2 : r.speakers;
  await repo.addAudioCheck({
    userExamId: ue.id,
    userId: user.id,
    speakers,
    speechSeconds: r.speechSeconds,
    durationSeconds: r.durationSeconds,
    overlapScore: score,
    purpose,
  });
  // Counted only while the attempt is in progress.
  const counted = speakers >= 2 ? await repo.countViolation(ue.id, 'audio') : null;
  const warnings = counted ?? (await repo.warnings(ue.id)).audio;
  const settings = monitoringSettings(ue.settings ?? {});
  const stopped =
    counted !== null &&
    settings.audio_action === 'S' &&
    counted >= AUDIO_STOP_AFTER &&
    (await stopper.stopForProctoring(ue.id, 'speakers'));
  activity.record({
    kind: 'proctoring.speakers',
    userExamId: ue.id,
    userId: user.id,
    actorId: user.id,
    data: { speakers, ...base, overlap: score, overlapped, warnings, stopped },
  });
  return { speakers, ...base, warnings, stopped, reason: stopped ? ('speakers' as const) : null, baseline: false };
}
