import {
  AnsweredQtsRequest,
  AnsweredQtsResponse,
  AnsweredQuestionsRequest,
  AnsweredQuestionsResponse,
  NextQuestionRequest,
  NextQuestionResponse,
  QuestionIssuesRequest,
  QuestionIssuesResponse,
  ResumeExamRequest,
  ResumeExamResponse,
  RetestParams,
  RetestResponse,
  StartExamRequest,
  StartExamResponse,
  UserTestRequest,
  UserTestResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResultsService } from '../results/results.service.ts';
import { ExamRepository } from './exam.repository.ts';
import { ExamService, SAVE_GRACE_SECONDS } from './exam.service.ts';
import { SaveBatcher } from './save-batcher.ts';

/** Progress saves carry the whole question list in the spec's form: allow more than the default 1 MB. */
export const LARGE_BODY = 8 * 1024 * 1024;

/** The test engine's calls (start, resume, save progress, retest, report issue, adaptive next). */
export default async function examRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new ExamRepository(app.ctx.database);
  const batcher = new SaveBatcher(
    app.ctx.database,
    SAVE_GRACE_SECONDS,
    (id, changes) => repo.upsertAnswers(id, changes, SAVE_GRACE_SECONDS),
    app.ctx.config.saveBatchConcurrency,
    app.ctx.config.saveBatchRows,
  );
  const exam = new ExamService(repo, new ResultsService(app.ctx.database, repo, app.ctx.queue), batcher);
  const tags = ['test'];

  app.post(
    '/api/test/userTest',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Questions (quesData: base64url JSON) and exam detail of an attempt',
        body: UserTestRequest,
        response: { 200: UserTestResponse },
      },
    },
    async (req) => exam.userTest(req.user.id, req.body),
  );

  app.post(
    '/api/test/startExam',
    {
      preHandler: app.requireUser,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Start: status 000 to 001; the server fixes the deadline',
        body: StartExamRequest,
        response: { 200: StartExamResponse },
      },
    },
    async (req) => exam.start(req.user.id, req.body),
  );

  app.post(
    '/api/test/resumeExam',
    {
      preHandler: app.requireUser,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Resume: merges the local copy (newer answers win) and returns server time',
        body: ResumeExamRequest,
        response: { 200: ResumeExamResponse },
      },
    },
    async (req) => exam.resume(req.user.id, req.body),
  );

  app.post(
    '/api/test/answeredQts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The saved test (base64url JSON) of an attempt',
        body: AnsweredQtsRequest,
        response: { 200: AnsweredQtsResponse },
      },
    },
    async (req) => exam.answeredQts(req.user.id, req.body.id),
  );

  app.post(
    '/api/test/answeredQuestions',
    {
      preHandler: app.requireUser,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Save progress: changed answers (delta) or the full encoded state (versioned snapshot)',
        body: AnsweredQuestionsRequest,
        response: { 200: AnsweredQuestionsResponse },
      },
    },
    async (req) => exam.save(req.user.id, req.body),
  );

  app.get(
    '/api/test/retest/:userExamId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Low bandwidth: the attempt goes to 998 to be taken again',
        params: RetestParams,
        response: { 200: RetestResponse },
      },
    },
    async (req) => exam.retest(req.user.id, req.params.userExamId),
  );

  app.post(
    '/api/test/questionIssues',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Report an issue with a question',
        body: QuestionIssuesRequest,
        response: { 200: QuestionIssuesResponse },
      },
    },
    async (req) => exam.questionIssue(req.user.id, req.body),
  );

  app.post(
    '/api/test/nextQuestion',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Adaptive tests: save the answer; the server picks the next question',
        body: NextQuestionRequest,
        response: { 200: NextQuestionResponse },
      },
    },
    async (req) => exam.nextQuestion(req.user.id, req.body),
  );
}
