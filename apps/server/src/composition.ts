import type { Database } from '@invigil/db';
import type { Executor } from '@invigil/sandbox';
import type { Analyzer } from '@invigil/analysis';
import type { AppConfig } from './config.ts';
import type { MediaStorage } from './lib/media/media-storage.ts';
import type { Queue } from './lib/queue.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { FailedNameRepository } from './modules/auth/failed-name.repository.ts';
import { InviteRepository } from './modules/auth/invite.repository.ts';
import { SetPasswordService } from './modules/auth/set-password.service.ts';
import { PasswordGuard } from './modules/auth/password-guard.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { UsedLinkRepository } from './modules/auth/used-link.repository.ts';
import { UserRepository } from './modules/auth/user.repository.ts';
import { CodeRunLeaseRepository } from './modules/coding/code-run-lease.repository.ts';
import { CodeRunLimiter } from './modules/coding/code-run-limiter.ts';
import { ContentExportService } from './modules/content/content-export.service.ts';
import { ContentImportService } from './modules/content/content-import.service.ts';
import { zipLimitsFor } from './modules/content/safe-zip.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { RosterRepository } from './modules/content/roster.repository.ts';
import { RosterService } from './modules/content/roster.service.ts';
import { ScheduleRepository } from './modules/content/schedule.repository.ts';
import { ScheduleService } from './modules/content/schedule.service.ts';
import { CodeRunners } from './modules/coding/code-runners.ts';
import { CodingQuestionRepository } from './modules/coding/coding-question.repository.ts';
import { CodingScorer } from './modules/coding/coding-scorer.ts';
import { CodingService } from './modules/coding/coding.service.ts';
import { SharedCodeRunLimiter } from './modules/coding/shared-code-run-limiter.ts';
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
import { QuestionAudioPlays } from './modules/recordings/question-audio-plays.ts';
import { QuestionAudioSource } from './modules/recordings/question-audio-source.ts';
import { questionMediaReader } from './modules/content/question-media-reader.ts';
import { RecordingChecks } from './modules/recordings/recording-checks.ts';
import { RecordingMedia } from './modules/recordings/recording-media.ts';
import { RecordingStills } from './modules/recordings/recording-stills.ts';
import { RecordingUploads } from './modules/recordings/recording-uploads.ts';
import { RecordingsRepository } from './modules/recordings/recordings.repository.ts';
import { RecordingsService } from './modules/recordings/recordings.service.ts';
import { PgUploadLocker } from './modules/recordings/upload-locker.ts';
import type { UploadStore } from './modules/recordings/upload-store.ts';
import { AnswerFiles } from './modules/results/answer-files.ts';
import { AttemptMedia } from './modules/media/attempt-media.ts';
import { MediaLinks } from './modules/media/media-links.ts';
import { MediaUrlSigner } from './modules/media/media-url-signer.ts';
import { ProctoringPictures } from './modules/proctoring/proctoring-pictures.ts';
import { secretKey } from './lib/secret-key.ts';
import { ResultsRepository } from './modules/results/results.repository.ts';
import { ResultsService } from './modules/results/results.service.ts';
import { AttemptActivity } from './modules/support/attempt-activity.ts';
import { EventLogRepository } from './modules/support/event-log.repository.ts';
import { LiveAttempts } from './modules/support/live-attempts.ts';
import { SupportRepository } from './modules/support/support.repository.ts';
import { SupportService } from './modules/support/support.service.ts';

/** What the application is built from (opened by app.ts). */
export interface Ports {
  config: AppConfig;
  database: Database;
  queue: Queue | null;
  media: MediaStorage;
  /** Where tus keeps recordings until they are verified (file store under DATA_DIR/uploads by default). */
  uploads: UploadStore;
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
  /** Engines started on demand (code runners, analysis workers, the live attempts' and upload locks' LISTEN). */
  runtime: { codeRunners: CodeRunners; analyzers: AnalyzerProvider; live: LiveAttempts; uploadLocker: PgUploadLocker };
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
    codeRunLeases: new CodeRunLeaseRepository(database),
    support: new SupportRepository(database),
    recordings: new RecordingsRepository(database),
    /** One buffer of timeline events for the whole process (flushed on reads and on close). */
    events: new EventLogRepository(database),
    invites: new InviteRepository(database),
    content: new ContentRepository(database),
    roster: new RosterRepository(database),
    schedules: new ScheduleRepository(database),
  };
}

function buildServices(
  { config, queue, media, database, uploads }: Ports,
  repos: Repositories,
  runtime: Composition['runtime'],
) {
  const itemIds = new ItemIds(config.itemIdSecret);
  const activity = new AttemptActivity(repos.events, runtime.live);
  const results = new ResultsService(
    repos.results,
    repos.exam,
    queue,
    itemIds,
    activity,
    new CodingScorer(database, runtime.codeRunners),
    (id) => repos.schedules.nextAttempt(id),
  );
  // One guard: sign-in and password change share the lockout count.
  const mediaLinks = new MediaLinks(
    new MediaUrlSigner(secretKey(config.dataDir, 'media-urls', config.media.urlSecret), config.media.urlTtlSeconds),
    media,
    repos.exam,
    activity,
  );
  const answerFiles = new AnswerFiles(media, repos.exam, mediaLinks);
  const passwordGuard = new PasswordGuard(repos.users, repos.failedNames, config);
  const batcher = new SaveBatcher(
    (rows, attemptIds) => repos.answerBatches.write(rows, attemptIds, SAVE_GRACE_SECONDS),
    (id, changes) => repos.exam.upsertAnswers(id, changes, SAVE_GRACE_SECONDS),
    config.saveBatchConcurrency,
    config.saveBatchRows,
  );
  const proctoring = new ProctoringService(
    repos.proctoring,
    media,
    runtime.analyzers,
    results,
    activity,
    config.proctoringPictureMbPerAttempt,
  );
  const analyzer = () => runtime.analyzers.get();
  const codeRunLimiter = new SharedCodeRunLimiter(
    repos.codeRunLeases,
    new CodeRunLimiter(config.codeRuns),
    config.codeRuns,
  );
  const auth = new AuthService(repos.users, repos.sessions, passwordGuard, config, activity);
  return {
    auth,
    setPassword: new SetPasswordService(repos.invites, repos.users, auth),
    profile: new ProfileService(repos.users, repos.sessions, passwordGuard),
    dashboard: new DashboardService(repos.dashboard),
    groupReports: new GroupReportService(repos.dashboard, repos.users),
    examSessions: new ExamSessionService(repos.exam, results, repos.answerSnapshots, itemIds, activity),
    answerSaves: new AnswerSaveService(repos.exam, results, repos.answerSnapshots, config.snapshots, activity, batcher),
    adaptive: new AdaptiveService(repos.exam, results, itemIds),
    results,
    answerFiles,
    mediaLinks,
    /** The support media view: one source per kind of media (recordings add theirs here). */
    attemptMedia: new AttemptMedia(mediaLinks, repos.exam, [
      new ProctoringPictures(repos.proctoring),
      answerFiles,
      new RecordingMedia(repos.recordings),
    ]),
    coding: new CodingService(repos.codingQuestions, runtime.codeRunners, codeRunLimiter),
    /** The code runner's limits over every node (its fallback to the node's own count is logged and counted). */
    codeRunLimiter,
    proctoring,
    recordings: new RecordingsService({
      repo: repos.recordings,
      exams: repos.exam,
      users: repos.users,
      store: uploads,
      media,
      checks: new RecordingChecks(analyzer),
      analyzer,
      primary: proctoring,
      closer: results,
      activity,
    }),
    recordingUploads: new RecordingUploads(uploads, runtime.uploadLocker, repos.recordings, repos.exam, results),
    recordingStills: new RecordingStills(repos.recordings, repos.exam, results, media),
    questionAudioPlays: new QuestionAudioPlays(
      repos.recordings,
      repos.exam,
      results,
      new QuestionAudioSource(media, questionMediaReader(media, config.webDist), mediaLinks),
    ),
    support: new SupportService(repos.support, repos.events, runtime.live, results),
    /** Issue 17: tests in (QTI, extension) and out (QTI 3.0), rosters, schedules. */
    contentImport: new ContentImportService(database, media, zipLimitsFor(config.imports.maxBytes)),
    contentExport: new ContentExportService(repos.content, repos.exam, media, config.webDist),
    roster: new RosterService(repos.roster, repos.schedules, config.imports.inviteTtlHours),
    schedules: new ScheduleService(repos.schedules),
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
    live: new LiveAttempts(ports.database),
    uploadLocker: new PgUploadLocker(ports.database, repositories.recordings),
  };
  const services = buildServices(ports, repositories, runtime);
  return {
    repositories,
    services,
    runtime,
    async close() {
      await runtime.live.close();
      await runtime.uploadLocker.close();
      await repositories.events.flush();
      await runtime.analyzers.close();
      await runtime.codeRunners.close();
    },
  };
}
