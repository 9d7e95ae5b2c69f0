/**
 * Every /api call the server registers, keyed 'METHOD /path' (path params as Fastify writes them),
 * with what the caller sends and what it gets back. TYPES ONLY: every import below is
 * `import type`, so nothing of this file (and no zod) reaches the browser. The web's api client
 * takes its paths from these keys; the server's route/map test (apps/server/test/endpoint-map.test.ts)
 * checks the keys equal the registered routes.
 *
 * - body, query, headers: what the caller may send (the schema's input: defaults may be left out).
 * - params: the path's values as the server reads them; the client writes them into the path.
 * - reply: the 200 reply (the schema's output); error replies are ErrorResponse.
 */
import type { z } from 'zod';
import type { AdminTestsResponse, ExportTestParams } from './admin/admin-lists.ts';
import type { ExtensionDocument } from './admin/extension-format.ts';
import type { ImportPackageQuery, ImportReport } from './admin/import-report.ts';
import type { RosterReport } from './admin/roster.ts';
import type { ScheduleTestRequest, ScheduleTestResponse } from './admin/schedule-test.ts';
import type { AutoLoginRequest } from './auth/auto-login.ts';
import type { SetPasswordRequest } from './auth/set-password.ts';
import type { LoginRequest, LoginResponse } from './auth/login.ts';
import type { LogoutResponse } from './auth/logout.ts';
import type { CompileCodeRequest, CompileCodeResponse } from './coding/compile-code.ts';
import type { GetTablesQuery, GetTablesResponse } from './coding/get-tables.ts';
import type { ProgramLanguagesQuery, ProgramLanguagesResponse } from './coding/program-languages.ts';
import type { ProgramSkeletonRequest, ProgramSkeletonResponse } from './coding/program-skeleton.ts';
import type { ApplyPracticeRequest, ApplyPracticeResponse } from './dashboard/apply-practice.ts';
import type { DashboardMenuRequest, DashboardMenuResponse } from './dashboard/dashboard-menu.ts';
import type { GetLanguagesHeaders, GetLanguagesResponse } from './dashboard/get-languages.ts';
import type { GetUserOrgDataResponse } from './dashboard/get-user-org-data.ts';
import type { GroupReportParams } from './dashboard/group-report.ts';
import type { UserHomeRequest, UserHomeResponse } from './dashboard/user-home.ts';
import type { AnsweredQtsRequest, AnsweredQtsResponse } from './exam/answered-qts.ts';
import type { AnsweredQuestionsRequest, AnsweredQuestionsResponse } from './exam/answered-questions.ts';
import type { NextQuestionRequest, NextQuestionResponse } from './exam/next-question.ts';
import type { QuestionIssuesRequest, QuestionIssuesResponse } from './exam/question-issues.ts';
import type { ResumeExamRequest, ResumeExamResponse } from './exam/resume-exam.ts';
import type { RetestParams, RetestResponse } from './exam/retest.ts';
import type { StartExamRequest, StartExamResponse } from './exam/start-exam.ts';
import type { UserTestRequest, UserTestResponse } from './exam/user-test.ts';
import type { GetProfileHeaders, GetProfileResponse } from './profile/get-profile.ts';
import type { UpdatePasswordRequest, UpdatePasswordResponse } from './profile/update-password.ts';
import type { UpdateProfileRequest, UpdateProfileResponse } from './profile/update-profile.ts';
import type { FaceMatchRequest, FaceMatchResponse } from './proctoring/face-match.ts';
import type { GetAudioResponse } from './proctoring/get-audio.ts';
import type { GetMonitoringDataRequest, GetMonitoringDataResponse } from './proctoring/get-monitoring-data.ts';
import type { ProctoringMsgResponse } from './proctoring/proctoring-fields.ts';
import type { DeviceLogRequest, DeviceLogResponse } from './proctoring/logs.ts';
import type { PhotoCheckRequest, PhotoCheckResponse } from './proctoring/photo-check.ts';
import type { SaveErrorImageRequest } from './proctoring/save-error-image.ts';
import type { SaveImageRequest } from './proctoring/save-image.ts';
import type { SavePrimaryImageRequest } from './proctoring/save-primary-image.ts';
import type { SendPrimaryImageRequest, SendPrimaryImageResponse } from './proctoring/send-primary-image.ts';
import type { SingleFaceRequest, SingleFaceResponse } from './proctoring/single-face.ts';
import type { DownloadFileRequest, DownloadFileResponse } from './results/download-file.ts';
import type { ManualGenerateResultRequest, ManualGenerateResultResponse } from './results/manual-generate-result.ts';
import type { ResultStatusResponse } from './results/result-status.ts';
import type {
  IndependentResultRequest,
  SubmitParams,
  SubmitTestRequest,
  SubmitTestResponse,
} from './results/submit-test.ts';
import type { UploadFileResponse } from './results/upload-file.ts';
import type { GetActiveUsersResponse } from './support/active-users.ts';
import type { AddIntoQueueResponse, RegenerateListingResponse } from './support/pending-results.ts';
import type { RegenerateTestRequest, RegenerateTestResponse } from './support/regenerate-test.ts';
import type { SearchRecordRequest, SearchRecordResponse } from './support/search-record.ts';
import type { SearchUserOrgRequest, SearchUserOrgResponse } from './support/search-user-org.ts';
import type { TimelineParams, TimelineQuery, TimelineResponse } from './support/timeline.ts';
import type { AttemptMediaParams, AttemptMediaResponse } from './support/attempt-media.ts';
import type { UnlockUserRequest, UnlockUserResponse } from './support/unlock-user.ts';
import type { SignedMediaQuery } from './media/signed-media.ts';
import type { UploadAudioRequest, UploadAudioResponse } from './recordings/upload-audio.ts';
import type { QuestionAudioPlayRequest, QuestionAudioPlayResponse } from './recordings/question-audio-play.ts';
import type { UploadImgResponse } from './recordings/upload-img.ts';
import type { UploadVideoRequest, UploadVideoResponse } from './recordings/upload-video.ts';
import type {
  ValidateAudioTestDataRequest,
  ValidateTestDataResponse,
  ValidateVideoTestDataRequest,
} from './recordings/validate-test-data.ts';

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;

/** A multipart form body (a file upload), not JSON. */
export type MultipartBody = FormData;
/** A file reply (PDF, bytes), not JSON: the client reads it as a Blob. */
export type FileReply = Blob;
/** A tus protocol request (tus-js-client sends it): headers and bytes, never the api client's JSON. */
export type TusRequest = { readonly tusProtocol: true };

export interface Endpoints {
  // auth
  'POST /api/login': { body: In<typeof LoginRequest>; reply: Out<typeof LoginResponse> };
  'POST /api/login/auto': { body: In<typeof AutoLoginRequest>; reply: Out<typeof LoginResponse> };
  /** A set-password link's token and the new password (ADR 0153); signs in like /api/login. */
  'POST /api/login/invite': { body: In<typeof SetPasswordRequest>; reply: Out<typeof LoginResponse> };
  'GET /api/login/logout': { reply: Out<typeof LogoutResponse> };

  // profile
  'GET /api/dashboard/getProfile': { headers: In<typeof GetProfileHeaders>; reply: Out<typeof GetProfileResponse> };
  'POST /api/dashboard/updateProfile': {
    body: In<typeof UpdateProfileRequest>;
    reply: Out<typeof UpdateProfileResponse>;
  };
  'POST /api/dashboard/updatePassword': {
    body: In<typeof UpdatePasswordRequest>;
    reply: Out<typeof UpdatePasswordResponse>;
  };

  // dashboard
  'POST /api/dashboard/userHome': { body: In<typeof UserHomeRequest>; reply: Out<typeof UserHomeResponse> };
  'POST /api/dashboard/menu': { body: In<typeof DashboardMenuRequest>; reply: Out<typeof DashboardMenuResponse> };
  'GET /api/test/getUserOrgData': { reply: Out<typeof GetUserOrgDataResponse> };
  'GET /api/dashboard/getLanguages': {
    headers: In<typeof GetLanguagesHeaders>;
    reply: Out<typeof GetLanguagesResponse>;
  };
  'POST /api/dashboard/practice': { body: In<typeof ApplyPracticeRequest>; reply: Out<typeof ApplyPracticeResponse> };
  'GET /api/users/group-report/:userId/:groupId': { params: Out<typeof GroupReportParams>; reply: FileReply };
  /** `t`: a cache-buster the server ignores. */
  'GET /api/system/speedtest': { query: { t?: number }; reply: FileReply };

  // exam
  'POST /api/test/userTest': { body: In<typeof UserTestRequest>; reply: Out<typeof UserTestResponse> };
  'POST /api/test/startExam': { body: In<typeof StartExamRequest>; reply: Out<typeof StartExamResponse> };
  'POST /api/test/resumeExam': { body: In<typeof ResumeExamRequest>; reply: Out<typeof ResumeExamResponse> };
  'POST /api/test/answeredQts': { body: In<typeof AnsweredQtsRequest>; reply: Out<typeof AnsweredQtsResponse> };
  'POST /api/test/answeredQuestions': {
    body: In<typeof AnsweredQuestionsRequest>;
    reply: Out<typeof AnsweredQuestionsResponse>;
  };
  'GET /api/test/retest/:userExamId': { params: Out<typeof RetestParams>; reply: Out<typeof RetestResponse> };
  'POST /api/test/questionIssues': {
    body: In<typeof QuestionIssuesRequest>;
    reply: Out<typeof QuestionIssuesResponse>;
  };
  'POST /api/test/nextQuestion': { body: In<typeof NextQuestionRequest>; reply: Out<typeof NextQuestionResponse> };

  // results
  'POST /api/result/submittest/:id': {
    params: Out<typeof SubmitParams>;
    body: In<typeof SubmitTestRequest>;
    reply: Out<typeof SubmitTestResponse>;
  };
  'POST /api/result/fallbacksubmit/:id': {
    params: Out<typeof SubmitParams>;
    body: In<typeof SubmitTestRequest>;
    reply: Out<typeof SubmitTestResponse>;
  };
  'POST /api/result/independent-resultprocess': {
    body: In<typeof IndependentResultRequest>;
    reply: Out<typeof SubmitTestResponse>;
  };
  'GET /api/result/status/:id': { params: Out<typeof SubmitParams>; reply: Out<typeof ResultStatusResponse> };
  'POST /api/test/manualGenerateResult': {
    body: In<typeof ManualGenerateResultRequest>;
    reply: Out<typeof ManualGenerateResultResponse>;
  };
  /** Multipart field `upl`; header `filename` is `{examid}_{qid}`. */
  'POST /api/result/uploadfile': {
    body: MultipartBody;
    headers: { filename: string };
    reply: Out<typeof UploadFileResponse>;
  };
  'POST /api/result/downloadfile': { body: In<typeof DownloadFileRequest>; reply: Out<typeof DownloadFileResponse> };
  /** The stable file_url the upload answers (read with the bearer token; Range supported). */
  'GET /api/result/files/*': { params: { '*': string }; reply: FileReply };
  /** A short-lived signed media URL (downloadfile, the support media view): no token, Range supported. */
  'GET /api/media/signed/*': { params: { '*': string }; query: In<typeof SignedMediaQuery>; reply: FileReply };

  // coding
  'GET /api/test/programlanguages': {
    query: In<typeof ProgramLanguagesQuery>;
    reply: Out<typeof ProgramLanguagesResponse>;
  };
  'POST /api/test/programSkeleton': {
    body: In<typeof ProgramSkeletonRequest>;
    reply: Out<typeof ProgramSkeletonResponse>;
  };
  'POST /api/test/compilecode': { body: In<typeof CompileCodeRequest>; reply: Out<typeof CompileCodeResponse> };
  'GET /api/test/getTables': { query: In<typeof GetTablesQuery>; reply: Out<typeof GetTablesResponse> };

  // proctoring
  'POST /api/facial-analysis/single-face': {
    body: In<typeof SingleFaceRequest>;
    reply: Out<typeof SingleFaceResponse>;
  };
  'POST /api/facial-analysis/face-match': { body: In<typeof FaceMatchRequest>; reply: Out<typeof FaceMatchResponse> };
  /** Multipart `audiofile` and `userexamid`. */
  'POST /api/test/getaudio': { body: MultipartBody; reply: Out<typeof GetAudioResponse> };
  'POST /api/test/savePrimaryImage': {
    body: In<typeof SavePrimaryImageRequest>;
    reply: Out<typeof ProctoringMsgResponse>;
  };
  'POST /api/test/sendPrimaryImage': {
    body: In<typeof SendPrimaryImageRequest>;
    reply: Out<typeof SendPrimaryImageResponse>;
  };
  'POST /api/test/getMonitoringData': {
    body: In<typeof GetMonitoringDataRequest>;
    reply: Out<typeof GetMonitoringDataResponse>;
  };
  'POST /api/test/saveImage': { body: In<typeof SaveImageRequest>; reply: Out<typeof ProctoringMsgResponse> };
  'POST /api/test/saveErrorImage': {
    body: In<typeof SaveErrorImageRequest>;
    reply: Out<typeof ProctoringMsgResponse>;
  };
  /** A periodic picture: the server analyses it, counts violations and may stop the attempt. */
  'POST /api/proctoring/photoCheck': { body: In<typeof PhotoCheckRequest>; reply: Out<typeof PhotoCheckResponse> };
  'POST /api/mobile-testing/store-permission-logs': {
    body: In<typeof DeviceLogRequest>;
    reply: Out<typeof DeviceLogResponse>;
  };
  'POST /api/mobile-testing/audioLogs': { body: In<typeof DeviceLogRequest>; reply: Out<typeof DeviceLogResponse> };
  'POST /api/mobile-testing/videoLogs': { body: In<typeof DeviceLogRequest>; reply: Out<typeof DeviceLogResponse> };
  /** Analysis workers' statistics (super admin); no reply schema. */
  'GET /api/facial-analysis/stats': { reply: Record<string, unknown> };

  // support and operations (staff; ADR 0120)
  'POST /api/test/searchUserOrg': { body: In<typeof SearchUserOrgRequest>; reply: Out<typeof SearchUserOrgResponse> };
  'POST /api/test/searchRecord': { body: In<typeof SearchRecordRequest>; reply: Out<typeof SearchRecordResponse> };
  'POST /api/test/regenratetest': { body: In<typeof RegenerateTestRequest>; reply: Out<typeof RegenerateTestResponse> };
  'GET /api/support/timeline/:userExamId': {
    params: Out<typeof TimelineParams>;
    query: In<typeof TimelineQuery>;
    reply: Out<typeof TimelineResponse>;
  };
  'GET /api/support/media/:userExamId': {
    params: Out<typeof AttemptMediaParams>;
    reply: Out<typeof AttemptMediaResponse>;
  };
  /** Clears the user's sign-in lockout (failed-password count and lock); 404 for an unknown user. */
  'POST /api/support/unlock': { body: In<typeof UnlockUserRequest>; reply: Out<typeof UnlockUserResponse> };
  'GET /api/test/getActiveUsers': { reply: Out<typeof GetActiveUsersResponse> };
  /** text/event-stream of ActiveUsersChange messages (read with fetch: it needs the bearer token). */
  'GET /api/test/getActiveUsers/stream': { reply: string };
  'POST /api/test/regeneratelisting': { body: Record<string, never>; reply: Out<typeof RegenerateListingResponse> };
  'GET /api/result/addintoqueue': { reply: Out<typeof AddIntoQueueResponse> };

  // recorded answers (spoken 28, video 27): tus uploads, then the spec's calls on the finished upload
  /** tus creation: Upload-Length and Upload-Metadata (attempt, question, kind, filename, filetype); 201 + Location. */
  'POST /api/uploads': { body: TusRequest; reply: null };
  /** tus: append at Upload-Offset (application/offset+octet-stream); 204 + the new Upload-Offset. */
  'PATCH /api/uploads/:id': { params: { id: string }; body: TusRequest; reply: null };
  /** tus termination: drops an unfinished upload. */
  'DELETE /api/uploads/:id': { params: { id: string }; body: TusRequest; reply: null };
  'POST /api/test/uploadaudio': { body: In<typeof UploadAudioRequest>; reply: Out<typeof UploadAudioResponse> };
  'POST /api/test/questionAudioPlay': {
    body: In<typeof QuestionAudioPlayRequest>;
    reply: Out<typeof QuestionAudioPlayResponse>;
  };
  'POST /api/test/validateAudioTestData': {
    body: In<typeof ValidateAudioTestDataRequest>;
    reply: Out<typeof ValidateTestDataResponse>;
  };
  'POST /api/test/uploadvideo': { body: In<typeof UploadVideoRequest>; reply: Out<typeof UploadVideoResponse> };
  'POST /api/test/validateVideoTestData': {
    body: In<typeof ValidateVideoTestDataRequest>;
    reply: Out<typeof ValidateTestDataResponse>;
  };
  /** Multipart field `file` named {userid}_{examId}_{qid}.jpg. */
  'POST /api/test/uploadImg': { body: MultipartBody; reply: Out<typeof UploadImgResponse> };
  // content import, rosters and schedules (super administrator; issue 17). 422 replies carry `report`.
  /** Multipart: optional field `title`, then the package or extension document in `file`. */
  'POST /api/admin/imports': {
    body: MultipartBody;
    query: In<typeof ImportPackageQuery>;
    reply: Out<typeof ImportReport>;
  };
  'POST /api/admin/imports/extension': { body: In<typeof ExtensionDocument>; reply: Out<typeof ImportReport> };
  /** Multipart: the CSV in `file`. */
  'POST /api/admin/rosters': { body: MultipartBody; reply: Out<typeof RosterReport> };
  'GET /api/admin/tests': { reply: Out<typeof AdminTestsResponse> };
  'POST /api/admin/schedules': { body: In<typeof ScheduleTestRequest>; reply: Out<typeof ScheduleTestResponse> };
  'GET /api/admin/tests/:id/export': { params: Out<typeof ExportTestParams>; reply: FileReply };
}

export type EndpointKey = keyof Endpoints;
