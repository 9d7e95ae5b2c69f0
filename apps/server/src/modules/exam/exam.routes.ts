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

/** Progress saves carry the whole question list in the spec's form: allow more than the default 1 MB. */
export const LARGE_BODY = 8 * 1024 * 1024;

/**
 * Question issue reports a user may send a minute: each is a stored row of up to 2,000
 * characters, so without a bound one candidate could fill the table (security review row 68).
 */
export const ISSUE_REPORTS_PER_MINUTE = 10;

/** The test engine's calls (start, resume, save progress, retest, report issue, adaptive next). */
export default async function examRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { examSessions, answerSaves, adaptive } = app.ctx.services;
  const tags = ['test'];

  app.post(
    '/api/test/userTest',
    {
      schema: {
        tags,
        summary: 'Exam detail of an attempt, and its questions once started (quesData: base64url JSON)',
        body: UserTestRequest,
        response: { 200: UserTestResponse },
      },
    },
    async (req) => examSessions.userTest(req.user.id, req.body),
  );

  app.post(
    '/api/test/startExam',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Start: status 000 to 001; the server fixes the deadline',
        body: StartExamRequest,
        response: { 200: StartExamResponse },
      },
    },
    async (req) => examSessions.start(req.user.id, req.body),
  );

  app.post(
    '/api/test/resumeExam',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Resume: merges the local copy (newer answers win) and returns server time',
        body: ResumeExamRequest,
        response: { 200: ResumeExamResponse },
      },
    },
    async (req) => examSessions.resume(req.user.id, req.body),
  );

  app.post(
    '/api/test/answeredQts',
    {
      schema: {
        tags,
        summary: 'The saved test (base64url JSON) of an attempt',
        body: AnsweredQtsRequest,
        response: { 200: AnsweredQtsResponse },
      },
    },
    async (req) => examSessions.answeredQts(req.user.id, req.body.id),
  );

  app.post(
    '/api/test/answeredQuestions',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Save progress: changed answers (delta) or the full encoded state (versioned snapshot)',
        body: AnsweredQuestionsRequest,
        response: { 200: AnsweredQuestionsResponse },
      },
    },
    async (req) => answerSaves.save(req.user.id, req.body),
  );

  app.get(
    '/api/test/retest/:userExamId',
    {
      schema: {
        tags,
        summary: 'Low bandwidth: the attempt goes to 998 to be taken again',
        params: RetestParams,
        response: { 200: RetestResponse },
      },
    },
    async (req) => examSessions.retest(req.user.id, req.params.userExamId),
  );

  app.post(
    '/api/test/questionIssues',
    {
      config: {
        rateLimit: {
          max: ISSUE_REPORTS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (req: { user?: { id: number }; ip: string }) =>
            req.user ? `issue-user-${req.user.id}` : req.ip,
        },
      },
      schema: {
        tags,
        summary: 'Report an issue with a question',
        body: QuestionIssuesRequest,
        response: { 200: QuestionIssuesResponse },
      },
    },
    async (req) => answerSaves.questionIssue(req.user.id, req.body),
  );

  app.post(
    '/api/test/nextQuestion',
    {
      schema: {
        tags,
        summary: 'Adaptive tests: save the answer; the server picks the next question',
        body: NextQuestionRequest,
        response: { 200: NextQuestionResponse },
      },
    },
    async (req) => adaptive.nextQuestion(req.user.id, req.body),
  );
}
