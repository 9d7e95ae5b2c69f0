import { EXAM_STATUS, PLAY_LIMIT_REACHED, QTYPE, SPOKEN, type QuestionAudioPlayResponse } from '@invigil/contracts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { permitted, type Actor } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { refuseIfTimedOut, type TimeoutCloser } from '../exam/attempt-rules.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import { visibleQuestions } from '../exam/visible-questions.ts';
import { NOT_IN_PROGRESS } from './recording-access.ts';
import type { QuestionAudioSource } from './question-audio-source.ts';
import type { RecordingsRepository } from './recordings.repository.ts';

/**
 * The spoken answer's question audio, at most SPOKEN.playLimit plays from the start per attempt
 * and question, counted here (not in the browser, which a reload or an edited page resets). The
 * count reaches the engine as the question's audioButtonCount (ExamRepository.answers). Each
 * counted play hands out the audio as a short-lived signed URL (ADR 0212): the file's own path is
 * refused to direct requests, so the plays cannot be had outside the test.
 */
export class QuestionAudioPlays {
  constructor(
    private readonly repo: RecordingsRepository,
    private readonly exams: ExamRepository,
    private readonly closer: TimeoutCloser,
    private readonly source: QuestionAudioSource,
  ) {}

  async play(user: Actor, userExamId: number, qid: number): Promise<QuestionAudioPlayResponse> {
    const attempt = permitted(
      await this.exams.attempt(userExamId),
      (a) => attemptPolicy.take(user.id, a),
      attemptPolicy.notFound,
    );
    if (attempt.status !== EXAM_STATUS.inProgress)
      throw new HttpError(409, NOT_IN_PROGRESS, { examStatus: attempt.status });
    await refuseIfTimedOut(attempt, this.closer);
    const question = (await visibleQuestions(this.exams, attempt)).find((q) => q.id === qid);
    if (!question) throw badRequest(`Question ${qid} is not part of this test.`);
    if (question.qtypeCode !== QTYPE.spokenAnswer || !question.resourcePath)
      throw badRequest(`Question ${qid} has no question audio.`);
    // The file first: a play whose audio cannot be had is not counted.
    const audio = await this.source.signedUrl(question.resourcePath);
    if (!audio) throw notFound("This question's audio file is missing.");
    const plays = await this.repo.countPlay(attempt.id, qid, SPOKEN.playLimit);
    if (plays > SPOKEN.playLimit) throw new HttpError(409, PLAY_LIMIT_REACHED, { plays, playsLeft: 0 });
    return { plays, playsLeft: SPOKEN.playLimit - plays, url: audio.url, expiresAt: audio.expiresAt.toISOString() };
  }
}
