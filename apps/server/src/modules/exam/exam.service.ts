import {
  ADAPTIVE_EXAM_TYPE,
  ADAPTIVE_START_LEVEL,
  ClientQuestionState,
  DEFAULT_LANGUAGE,
  EXAM_STATUS,
  answerOf,
  decodePayload,
  encodePayload,
  nextLevel,
  pickNextQuestion,
  remainingSeconds,
  scoreQuestion,
  type AnswerValue,
  type AnsweredQuestionsRequest,
  type NextQuestionRequest,
  type QuestionIssuesRequest,
  type SavedTest,
  type StartExamRequest,
  type ResumeExamRequest,
  type UserTestRequest,
} from '@invigil/contracts';
import { z } from 'zod';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { ResultsService } from '../results/results.service.ts';
import { toScoringQuestion } from '../results/scoring.ts';
import type { Attempt, ExamRepository, QuestionRow, StoredAnswer } from './exam.repository.ts';
import type { SaveBatcher } from './save-batcher.ts';
import { toExamDetail, toQuestionItem } from './exam.presenter.ts';

/** Saves may arrive this long after the deadline (network); later ones are refused. */
export const SAVE_GRACE_SECONDS = 15;
export const TIME_UP = 'Time is up. Your test has been submitted automatically.';
const NOT_FOUND = 'Test not found.';

const ClientItems = z.array(ClientQuestionState).max(1000);

/** Decodes a base64url JSON question list; only qid, seq and answer fields are kept. */
export function decodeQuestionStates(encoded: string | null | undefined): ClientQuestionState[] {
  if (!encoded) return [];
  let raw: unknown;
  try {
    raw = decodePayload(encoded);
  } catch {
    throw badRequest('quesData is not base64url-encoded JSON.');
  }
  const list = Array.isArray(raw) ? raw : Array.isArray((raw as any)?.quesData) ? (raw as any).quesData : null;
  if (!list) throw badRequest('quesData must encode a list of questions.');
  const parsed = ClientItems.safeParse(list);
  if (!parsed.success) throw badRequest(`quesData: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

const CONTENT_FIELDS = [
  'selectedChoiceId',
  'descriptiveText',
  'uploadedFile',
  'answerResourcePath',
  'matchOrder',
  'typing',
] as const;

/** Items that carry an answer (a bare 'Not Visited' item carries none). */
export function changesFrom(items: ClientQuestionState[], allowed: Set<number>) {
  const out: Array<{ qid: number; seq: number; answer: AnswerValue }> = [];
  for (const it of items) {
    if (!allowed.has(it.qid)) continue;
    const answer = answerOf(it);
    const hasContent = CONTENT_FIELDS.some((k) => answer[k] !== undefined && answer[k] !== '');
    if (!hasContent && (!answer.buttonStyle || answer.buttonStyle === 'Not Visited')) continue;
    out.push({ qid: it.qid, seq: it.seq ?? 0, answer });
  }
  return out;
}

export class ExamService {
  constructor(
    private readonly repo: ExamRepository,
    private readonly results: ResultsService,
    /** Group commit for progress saves; without it each save is its own statement. */
    private readonly batcher?: SaveBatcher,
  ) {}

  timeRemaining(a: Attempt): number {
    if (a.status === EXAM_STATUS.notStarted || a.status === EXAM_STATUS.retest) return a.exam.durationSeconds;
    if (a.status === EXAM_STATUS.inProgress && a.deadlineAt)
      return remainingSeconds(a.deadlineAt, a.now, a.exam.durationSeconds);
    return 0;
  }

  /** The caller's attempt, or 404 (another user's attempt is not revealed). */
  async owned(userId: number, id: number): Promise<Attempt> {
    const a = await this.repo.attempt(id);
    if (!a || a.userId !== userId) throw notFound(NOT_FOUND);
    return a;
  }

  /** An in-progress attempt whose time ran out is closed and scored now; the caller gets 409. */
  private async refuseIfTimedOut(a: Attempt) {
    if (
      a.status === EXAM_STATUS.inProgress &&
      a.deadlineAt &&
      a.deadlineAt.getTime() + SAVE_GRACE_SECONDS * 1000 <= a.now.getTime()
    ) {
      await this.results.closeExpired(a.id);
      throw new HttpError(409, TIME_UP, { examStatus: EXAM_STATUS.timeOut });
    }
  }

  private assertTakeable(a: Attempt) {
    const closed: Record<string, string> = {
      [EXAM_STATUS.completed]: 'This test has already been submitted.',
      [EXAM_STATUS.timeOut]: 'This test has already been submitted.',
      [EXAM_STATUS.aborted]: 'This test was terminated.',
      [EXAM_STATUS.expired]: 'This test has expired.',
      [EXAM_STATUS.resultFailed]: 'This test has already been submitted.',
    };
    if (closed[a.status]) throw new HttpError(409, closed[a.status]!, { examStatus: a.status });
    if (a.status !== EXAM_STATUS.inProgress && a.expiresAt && a.expiresAt.getTime() < a.now.getTime())
      throw new HttpError(409, 'This test has expired.');
  }

  private language(a: Attempt, requested?: string | null): string {
    if (a.status === EXAM_STATUS.inProgress && a.selectedLanguage) return a.selectedLanguage;
    if (requested && a.exam.languages.includes(requested)) return requested;
    return a.exam.languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (a.exam.languages[0] ?? DEFAULT_LANGUAGE);
  }

  /** The questions this attempt shows: all, or for adaptive tests the ones served so far. */
  private async visibleQuestions(a: Attempt): Promise<QuestionRow[]> {
    const all = await this.repo.questions(a.examId);
    if (a.exam.examTypeId !== ADAPTIVE_EXAM_TYPE) return all;
    let served = await this.repo.servedQuestions(a.id);
    if (served.length === 0) {
      const first = pickNextQuestion(
        all.map((q) => ({ qid: q.id, level: q.difficulty, marks: q.marks })),
        new Set(),
        ADAPTIVE_START_LEVEL,
        a.exam.totalMarksToAttempt || Infinity,
      );
      if (first) await this.repo.serveQuestion(a.id, first.qid, 1);
      served = await this.repo.servedQuestions(a.id);
    }
    const byId = new Map(all.map((q) => [q.id, q]));
    return served.map((id) => byId.get(id)).filter((q): q is QuestionRow => !!q);
  }

  async userTest(userId: number, body: UserTestRequest) {
    const a = await this.owned(userId, body.examId);
    this.assertTakeable(a);
    await this.refuseIfTimedOut(a);
    const lang = this.language(a, body.selectedLanguage);
    const view = { ...a, selectedLanguage: lang };
    const questions = await this.visibleQuestions(a);
    if (questions.length === 0) throw new HttpError(409, 'No questions are available for this test.');
    const stored = new Map((await this.repo.answers(a.id)).map((s) => [s.qid, s]));
    const items = questions.map((q, i) => toQuestionItem(q, i, lang, a.id, stored.get(q.id)));
    const detail = toExamDetail(view, this.timeRemaining(a));
    const all = await this.repo.questions(a.examId);
    const pools =
      a.exam.examTypeId === ADAPTIVE_EXAM_TYPE
        ? [
            {
              pools: Object.fromEntries(
                [1, 2, 3].map((l) => [String(l), all.filter((q) => q.difficulty === l).length]),
              ),
            },
          ]
        : [];
    return {
      msg: 'SUCCESS',
      quesData: encodePayload(items),
      examDetail: [detail, ...pools] as [typeof detail, ...Array<{ pools: Record<string, number> }>],
    };
  }

  private times(a: Attempt) {
    return {
      exam_start_time: (a.startedAt ?? a.now).toISOString(),
      exam_end_time: (a.deadlineAt ?? a.now).toISOString(),
      time_remaining: this.timeRemaining(a),
      status: a.status,
    };
  }

  async start(userId: number, body: StartExamRequest) {
    const a = await this.owned(userId, body.id);
    this.assertTakeable(a);
    await this.refuseIfTimedOut(a);
    if (a.status !== EXAM_STATUS.inProgress) {
      // Started twice (double click, two tabs): the first start's deadline stands.
      await this.repo.start(a.id, this.language(a, body.selectedLanguage));
    }
    const now = await this.owned(userId, body.id);
    if (now.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test cannot be started.');
    return this.times(now);
  }

  async resume(userId: number, body: ResumeExamRequest) {
    const a = await this.owned(userId, body.id);
    this.assertTakeable(a);
    await this.refuseIfTimedOut(a);
    if (a.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test has not been started.');
    const items = decodeQuestionStates(body.quesData);
    if (items.length) {
      const allowed = new Set((await this.visibleQuestions(a)).map((q) => q.id));
      await this.repo.upsertAnswers(a.id, changesFrom(items, allowed), SAVE_GRACE_SECONDS);
    }
    return this.times(a);
  }

  async answeredQts(userId: number, id: number) {
    const a = await this.owned(userId, id);
    const answers = await this.repo.answers(a.id);
    const version = await this.repo.latestSnapshotVersion(a.id);
    if (answers.length === 0 && version === 0) return { result: null };
    const saved: SavedTest = {
      version,
      status: a.status,
      time_remaining: this.timeRemaining(a),
      maxSeq: answers.reduce((m, s) => Math.max(m, s.seq), 0),
      answers: answers.map((s) => ({ qid: s.qid, seq: s.seq, answer: s.value as Record<string, unknown> })),
    };
    return { result: encodePayload(saved) };
  }

  /** The save of progress: the delta form (hot path) or the spec's full form (also a versioned snapshot). */
  async save(userId: number, body: AnsweredQuestionsRequest) {
    const owner = await this.repo.owner(body.id);
    if (!owner || owner.userId !== userId) throw notFound(NOT_FOUND);
    const allowed = await this.repo.questionIds(owner.examId);
    let changes: Array<{ qid: number; seq: number; answer: AnswerValue }>;
    let snapshot: unknown = null;
    if ('changes' in body) {
      const bad = body.changes.find((c) => !allowed.has(c.qid));
      if (bad) throw badRequest(`Question ${bad.qid} is not part of this test.`);
      changes = body.changes;
    } else {
      const items = decodeQuestionStates(body.quesData);
      let examDetail: unknown = null;
      try {
        examDetail = body.examDetail ? decodePayload(body.examDetail) : null;
      } catch {
        throw badRequest('examDetail is not base64url-encoded JSON.');
      }
      changes = changesFrom(items, allowed);
      snapshot = { examDetail, quesData: items };
    }
    const r = this.batcher
      ? await this.batcher.save(body.id, changes)
      : await this.repo.upsertAnswers(body.id, changes, SAVE_GRACE_SECONDS);
    if (!r) throw notFound(NOT_FOUND);
    if (r.status !== EXAM_STATUS.inProgress)
      throw new HttpError(409, 'This test is not in progress.', { examStatus: r.status });
    if (!r.open) {
      await this.results.closeExpired(body.id);
      throw new HttpError(409, TIME_UP, { examStatus: EXAM_STATUS.timeOut });
    }
    if (body.windowSwitchCount !== undefined) await this.repo.recordWindowSwitches(body.id, body.windowSwitchCount);
    const version = snapshot ? await this.repo.addSnapshot(body.id, snapshot) : null;
    const timeRemaining = r.deadlineAt ? Math.max(0, Math.floor((r.deadlineAt.getTime() - r.now.getTime()) / 1000)) : 0;
    return {
      examData: encodePayload({ version, status: r.status, time_remaining: timeRemaining }),
      saved: r.saved,
      version,
      time_remaining: timeRemaining,
    };
  }

  async retest(userId: number, id: number) {
    const a = await this.owned(userId, id);
    if (!(await this.repo.retest(a.id))) {
      const closed = !['000', '001', '998'].includes(a.status);
      throw new HttpError(
        409,
        closed
          ? 'This test has already been submitted.'
          : 'Answers have been saved for this test, so it cannot be restarted.',
        { examStatus: a.status },
      );
    }
    return { status: 'SUCCESS' as const, examStatus: EXAM_STATUS.retest };
  }

  async questionIssue(userId: number, body: QuestionIssuesRequest) {
    if (!(await this.repo.questionAssignedTo(body.qid, userId))) throw notFound('Question not found.');
    await this.repo.addIssue(userId, body.qid, body.issuetype, body.description);
    return { status: 'SUCCESS' as const };
  }

  /** Adaptive tests: save the current answer, then the server picks the next question. */
  async nextQuestion(userId: number, body: NextQuestionRequest) {
    const a = await this.owned(userId, body.id);
    if (a.exam.examTypeId !== ADAPTIVE_EXAM_TYPE) throw badRequest('This test is not adaptive.');
    this.assertTakeable(a);
    await this.refuseIfTimedOut(a);
    if (a.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test is not in progress.');
    const all = await this.repo.questions(a.examId);
    const byId = new Map(all.map((q) => [q.id, q]));
    const served = await this.repo.servedQuestions(a.id);
    const at = served.indexOf(body.qid);
    if (at < 0) throw badRequest('This question was not served in this test.');
    await this.repo.upsertAnswers(a.id, [{ qid: body.qid, seq: body.seq, answer: body.answer }], SAVE_GRACE_SECONDS);
    const lang = a.selectedLanguage ?? DEFAULT_LANGUAGE;
    const marksServed = (ids: number[]) => ids.reduce((s, id) => s + (byId.get(id)?.marks ?? 0), 0);
    const respond = (ids: number[], qid: number | null) => {
      const q = qid ? byId.get(qid) : undefined;
      // When the pools run dry the flow ends: nothing remains to attempt.
      const remainingMarks = q ? Math.max(0, a.exam.totalMarksToAttempt - marksServed(ids)) : 0;
      const stored: StoredAnswer | undefined = undefined;
      return {
        done: !q,
        question: q ? encodePayload(toQuestionItem(q, ids.indexOf(q.id), lang, a.id, stored)) : null,
        remainingMarks,
        time_remaining: this.timeRemaining(a),
      };
    };
    // Already answered before (double click, retry): hand back the question that followed it.
    if (at < served.length - 1) return respond(served, served[at + 1]!);
    const current = byId.get(body.qid)!;
    const correct = scoreQuestion(toScoringQuestion(current), body.answer) >= current.marks && current.marks > 0;
    const remaining = a.exam.totalMarksToAttempt - marksServed(served);
    const pick = pickNextQuestion(
      all.map((q) => ({ qid: q.id, level: q.difficulty, marks: q.marks })),
      new Set(served),
      nextLevel(current.difficulty, correct),
      remaining,
    );
    if (!pick) return respond(served, null);
    if (!(await this.repo.serveQuestion(a.id, pick.qid, served.length + 1))) {
      const again = await this.repo.servedQuestions(a.id);
      return respond(again, again[at + 1] ?? null);
    }
    return respond([...served, pick.qid], pick.qid);
  }
}
