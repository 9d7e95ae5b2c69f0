import type { Database } from '@invigil/db';
import type { Executor } from '@invigil/sandbox';
import type { Analyzer } from '@invigil/analysis';
import type { AppConfig } from './config.ts';
import type { MediaStorage } from './lib/media-storage.ts';
import type { Queue } from './lib/queue.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { FailedNameRepository } from './modules/auth/failed-name.repository.ts';
import { PasswordGuard } from './modules/auth/password-guard.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { UsedLinkRepository } from './modules/auth/used-link.repository.ts';
import { UserRepository } from './modules/auth/user.repository.ts';
import { CodeRunLimiter } from './modules/coding/code-run-limiter.ts';
import { CodeRunners } from './modules/coding/code-runners.ts';
import { CodingQuestionRepository } from './modules/coding/coding-question.repository.ts';
import { CodingService } from './modules/coding/coding.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { GroupReportService } from './modules/dashboard/group-report.service.ts';
import { AdaptiveService } from './modules/exam/adaptive.service.ts';
import { AnswerBatchRepository } from './modules/exam/answer-batch.repository.ts';
import { AnswerSaveService } from './modules/exam/answer-save.service.ts';
import { AnswerSnapshotRepository } from './modules/exam/answer-snapshot.repository.ts';
import { SAVE_GRACE_SECONDS } from './modules/exam/attempt-rules.ts';
import { ExamSessionService } from './modules/exam/exam-session.service.ts';
import { ExamRepository } from './modules/exam/exam.repository.ts';
import { ItemIds } from './modules/exam/item-ids.ts';
import { SaveBatcher } from './modules/exam/save-batcher.ts';
import { AnalyzerProvider } from './modules/proctoring/analyzer-provider.ts';
import { ProctoringRepository } from './modules/proctoring/proctoring.repository.ts';
import { ProctoringService } from './modules/proctoring/proctoring.service.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { AnswerFiles } from './modules/results/answer-files.ts';
import { ResultsRepository } from './modules/results/results.repository.ts';
import { ResultsService } from './modules/results/results.service.ts';

/** What the application is built from (opened by app.ts). */
export interface Ports {
  config: AppConfig;
  database: Database;
  queue: Queue | null;
  media: MediaStorage;
  /** A code executor instead of the configured sandbox (tests); absent: createExecutor(config.sandbox). */
  executor?: Executor;
  /** An analysis engine instead of the configured one (tests: a fake that answers busy or fixed results). */
  analyzer?: Analyzer;
}

type Repositories = ReturnType<typeof buildRepositories>;
type Services = ReturnType<typeof buildServices>;

export interface Composition {
  repositories: Repositories;
  services: Services;
  /** Engines started on demand (code runners, analysis workers). */
  runtime: { codeRunners: CodeRunners; analyzers: AnalyzerProvider };
  /** Stops what the runtime started. */
  close(): Promise<void>;
}

function buildRepositories({ config, database }: Ports) {
  return {
    users: new UserRepository(database),
    sessions: new SessionRepository(database, config.sessionIdleMinutes, config.sessionCacheMs),
    usedLinks: new UsedLinkRepository(database),
    failedNames: new FailedNameRepository(database),
    /** One instance: its question and owner caches serve every module. */
    exam: new ExamRepository(database),
    answerBatches: new AnswerBatchRepository(database),
    answerSnapshots: new AnswerSnapshotRepository(database),
    results: new ResultsRepository(database),
    dashboard: new DashboardRepository(database),
    proctoring: new ProctoringRepository(database),
    codingQuestions: new CodingQuestionRepository(database),
  };
}

function buildServices({ config, queue, media }: Ports, repos: Repositories, runtime: Composition['runtime']) {
  const itemIds = new ItemIds(config.itemIdSecret);
  const results = new ResultsService(repos.results, repos.exam, queue, itemIds);
  // One guard: sign-in and password change share the lockout count.
  const passwordGuard = new PasswordGuard(repos.users, repos.failedNames, config);
  const batcher = new SaveBatcher(
    (rows, attemptIds) => repos.answerBatches.write(rows, attemptIds, SAVE_GRACE_SECONDS),
    (id, changes) => repos.exam.upsertAnswers(id, changes, SAVE_GRACE_SECONDS),
    config.saveBatchConcurrency,
    config.saveBatchRows,
  );
  return {
    auth: new AuthService(repos.users, repos.sessions, passwordGuard, config),
    profile: new ProfileService(repos.users, repos.sessions, passwordGuard),
    dashboard: new DashboardService(repos.dashboard),
    groupReports: new GroupReportService(repos.dashboard, repos.users),
    examSessions: new ExamSessionService(repos.exam, results, repos.answerSnapshots, itemIds),
    answerSaves: new AnswerSaveService(repos.exam, results, repos.answerSnapshots, config.snapshots, batcher),
    adaptive: new AdaptiveService(repos.exam, results, itemIds),
    results,
    answerFiles: new AnswerFiles(media, repos.exam),
    coding: new CodingService(repos.codingQuestions, runtime.codeRunners, new CodeRunLimiter(config.codeRuns)),
    proctoring: new ProctoringService(repos.proctoring, media, runtime.analyzers, results),
    /** The progress-save group commit (metrics observe its batches). */
    saveBatcher: batcher,
  };
}

/** The composition root: every repository and service is built once, here. */
export function compose(ports: Ports): Composition {
  const repositories = buildRepositories(ports);
  const runtime = {
    codeRunners: new CodeRunners(ports.config, ports.executor),
    analyzers: new AnalyzerProvider(ports.config.analysis, ports.analyzer),
  };
  const services = buildServices(ports, repositories, runtime);
  return {
    repositories,
    services,
    runtime,
    async close() {
      await runtime.analyzers.close();
      await runtime.codeRunners.close();
    },
  };
}
