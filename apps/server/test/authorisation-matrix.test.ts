import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, EXAMS } from './exam/support.ts';
import { createUpload, recordingAttempt } from './recordings/support.ts';

/**
 * The authorisation matrix (issue 15): every registered /api route × anonymous, candidate A,
 * candidate B on A's resources, support and super administrator, with the expected answer of
 * each cell. The rows are checked against the route table: a new route without a row fails.
 *
 * A cell is an exact status, or 'ok': the caller got past authorisation (not 401, 403 or 404,
 * and no 500; a 400/409/422 from the request's own state still counts as allowed).
 */
type Cell = number | 'ok' | 'skip';
type Who = 'anonymous' | 'candidateA' | 'candidateB' | 'support' | 'admin';
interface Ctx {
  /** A's attempt (an exam only A has), A's user id, a question of it, an uploaded file of A's, a group of A's */
  id: number;
  userId: number;
  qid: number;
  fileUrl: string;
  /** a signed URL of A's file (downloadfile as A) */
  signedUrl: string;
  groupId: number;
  /** A's attempt with recorded answers: its video question and an unfinished upload */
  rec: { id: number; video: number; uploadId: string };
}
interface Row {
  req(c: Ctx): InjectOptions;
  cells: Partial<Record<Who, Cell>>;
}

const OK: Cell = 'ok';
/** Reaches only the caller's own data (no foreign id in the request). */
const self = (req: Row['req']): Row => ({
  req,
  cells: { anonymous: 401, candidateA: OK, candidateB: OK, support: OK, admin: OK },
});
/** A's resource: A may, B gets 404 (not yours = not found); staff as given (404 when only the owner may). */
const owned = (req: Row['req'], staff: Cell = 404): Row => ({
  req,
  cells: { anonymous: 401, candidateA: OK, candidateB: 404, support: staff, admin: staff },
});
/** Support and super administrators (ADR 0120). */
const staff = (req: Row['req']): Row => ({
  req,
  cells: { anonymous: 401, candidateA: 403, candidateB: 403, support: OK, admin: OK },
});
/** Super administrators only. */
const superOnly = (req: Row['req'], admin: Cell = OK): Row => ({
  req,
  cells: { anonymous: 401, candidateA: 403, candidateB: 403, support: 403, admin },
});
/** No session needed: an incomplete body is the same 400 for everyone (never the auth hook's 401). */
const publicRoute = (req: Row['req']): Row => ({
  req,
  cells: { anonymous: 400, candidateA: 400, candidateB: 400, support: 400, admin: 400 },
});

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers,
});
const get = (url: string, headers: Record<string, string> = {}): InjectOptions => ({ method: 'GET', url, headers });
const IMG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==';
const b64 = (s: string) => Buffer.from(s).toString('base64');
function multipart(
  url: string,
  fields: Record<string, string>,
  file: { field: string; name: string; type: string },
  headers = {},
) {
  const b = '----matrix';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${b}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.type === 'application/pdf' ? '%PDF-1.4' : 'RIFFxxxxWAVE'}\r\n`,
  );
  return {
    method: 'POST' as const,
    url,
    payload: `${parts.join('')}--${b}--\r\n`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

/** One row a route, keyed as the route table writes it. */
const MATRIX: Record<string, Row> = {
  'POST /api/login': publicRoute(() => post('/api/login', {})),
  'POST /api/login/auto': publicRoute(() => post('/api/login/auto', {})),
  'POST /api/login/invite': publicRoute(() => post('/api/login/invite', {})),
  'GET /api/dashboard/getProfile': self(() => get('/api/dashboard/getProfile')),
  'POST /api/dashboard/updateProfile': owned((c) =>
    post('/api/dashboard/updateProfile', {
      firstName: 'Asha',
      lastName: 'Rao',
      contactNumber: '9876543210',
      userInfoID: c.userId,
      email: DEMO.candidate.email,
      orgId: 1,
    }),
  ),
  'POST /api/dashboard/updatePassword': self(() =>
    post('/api/dashboard/updatePassword', { oldPassword: 'not-it', newPassword: 'Another@123' }),
  ),
  'POST /api/dashboard/userHome': self(() =>
    post('/api/dashboard/userHome', { selectedTab: 'TEST', organizationId: 1 }),
  ),
  'POST /api/dashboard/menu': self(() => post('/api/dashboard/menu', { newValue: 'Tests', org: 1 })),
  'GET /api/test/getUserOrgData': self(() => get('/api/test/getUserOrgData')),
  'GET /api/dashboard/getLanguages': owned((c) => get('/api/dashboard/getLanguages', { userexamid: String(c.id) })),
  // Any signed-in caller reaches the lookup; id 1 is no practice test, so it is the lookup's 404.
  'POST /api/dashboard/practice': {
    req: () => post('/api/dashboard/practice', { practice: 1, organizationId: 1 }),
    cells: { anonymous: 401, candidateA: 404, candidateB: 404, support: 404, admin: 404 },
  },
  'GET /api/users/group-report/:userId/:groupId': owned((c) => get(`/api/users/group-report/${c.userId}/${c.groupId}`)),
  'GET /api/system/speedtest': self(() => get('/api/system/speedtest')),
  'POST /api/test/userTest': owned((c) => post('/api/test/userTest', { examId: c.id })),
  'POST /api/test/startExam': owned((c) => post('/api/test/startExam', { id: c.id })),
  'POST /api/test/resumeExam': owned((c) => post('/api/test/resumeExam', { id: c.id })),
  'POST /api/test/answeredQts': owned((c) => post('/api/test/answeredQts', { id: c.id })),
  'POST /api/test/answeredQuestions': owned((c) =>
    post('/api/test/answeredQuestions', { id: c.id, changes: [{ qid: c.qid, seq: 1, answer: {} }] }),
  ),
  'GET /api/test/retest/:userExamId': owned((c) => get(`/api/test/retest/${c.id}`)),
  'POST /api/test/questionIssues': owned((c) =>
    post('/api/test/questionIssues', { qid: c.qid, issuetype: 'Other', description: 'matrix' }),
  ),
  'POST /api/test/nextQuestion': owned((c) =>
    post('/api/test/nextQuestion', { id: c.id, qid: c.qid, seq: 1, answer: {} }),
  ),
  'POST /api/result/submittest/:id': owned((c) => post(`/api/result/submittest/${c.id}`, { status: '010' })),
  'POST /api/result/fallbacksubmit/:id': owned((c) => post(`/api/result/fallbacksubmit/${c.id}`, { status: '010' })),
  'POST /api/result/independent-resultprocess': owned((c) =>
    post('/api/result/independent-resultprocess', { userExamId: c.id, submitType: 'MONGODB_SKIPPED' }),
  ),
  'GET /api/result/status/:id': owned((c) => get(`/api/result/status/${c.id}`)),
  'POST /api/test/manualGenerateResult': owned((c) => post('/api/test/manualGenerateResult', { id: c.id }), OK),
  'POST /api/result/uploadfile': owned((c) =>
    multipart(
      '/api/result/uploadfile',
      {},
      { field: 'upl', name: 'a.pdf', type: 'application/pdf' },
      { filename: `${c.id}_${c.qid}` },
    ),
  ),
  'POST /api/result/downloadfile': owned((c) => post('/api/result/downloadfile', { url: c.fileUrl }), OK),
  'GET /api/result/files/*': owned((c) => get(c.fileUrl), OK),
  // Recorded answers (issue 14): A's upload and recordings; staff may play a recording, never upload.
  'POST /api/uploads': owned((c) => ({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': `attempt ${b64(String(c.id))},question ${b64(String(c.qid))},kind ${b64('audio')},filename ${b64('a.webm')},filetype ${b64('audio/webm')}`,
    },
  })),
  // Declared on its own (no GET beside it): tus asks where to resume. Only the owner learns the offset.
  'HEAD /api/uploads/:id': owned((c) => ({
    method: 'HEAD',
    url: `/api/uploads/${c.rec.uploadId}`,
    headers: { 'tus-resumable': '1.0.0' },
  })),
  'PATCH /api/uploads/:id': owned((c) => ({
    method: 'PATCH',
    url: `/api/uploads/${c.rec.uploadId}`,
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from('R'),
  })),
  'DELETE /api/uploads/:id': owned((c) => ({
    method: 'DELETE',
    url: `/api/uploads/${c.rec.uploadId}`,
    headers: { 'tus-resumable': '1.0.0' },
  })),
  'POST /api/test/uploadaudio': owned((c) =>
    post('/api/test/uploadaudio', { uploadId: '0'.repeat(32), examId: c.id, questionNo: c.qid }),
  ),
  'POST /api/test/questionAudioPlay': owned((c) =>
    post('/api/test/questionAudioPlay', { userExamId: c.id, qid: c.qid }),
  ),
  'POST /api/test/validateAudioTestData': owned((c) =>
    post('/api/test/validateAudioTestData', { userExamId: c.id, curQues: c.qid }),
  ),
  'POST /api/test/uploadvideo': owned((c) =>
    post('/api/test/uploadvideo', { uploadId: '0'.repeat(32), examId: c.id, questionNo: c.qid }),
  ),
  'POST /api/test/validateVideoTestData': owned((c) =>
    post('/api/test/validateVideoTestData', { userExamId: c.id, qid: c.qid }),
  ),
  'POST /api/test/uploadImg': owned((c) =>
    multipart(
      '/api/test/uploadImg',
      {},
      { field: 'file', name: `${c.userId}_${c.rec.id}_${c.rec.video}.jpg`, type: 'image/jpeg' },
    ),
  ),
  // The signature is the permission (ADR 0150): whoever holds a URL the policy issued reads that one file.
  'GET /api/media/signed/*': {
    req: (c) => get(c.signedUrl),
    cells: { anonymous: OK, candidateA: OK, candidateB: OK, support: OK, admin: OK },
  },
  'GET /api/test/programlanguages': self(() => get('/api/test/programlanguages')),
  'POST /api/test/programSkeleton': self(() => post('/api/test/programSkeleton', { codingLang: 'java' })),
  'POST /api/test/compilecode': self(() => post('/api/test/compilecode', { code: 'print(1)', lang: 'python' })),
  'GET /api/test/getTables': self(() => get('/api/test/getTables')),
  'POST /api/facial-analysis/single-face': self(() =>
    post('/api/facial-analysis/single-face', { primaryImage: 'AAAA' }),
  ),
  'POST /api/facial-analysis/face-match': self(() =>
    post('/api/facial-analysis/face-match', { primaryImage: 'AAAA', currentImage: 'AAAA' }),
  ),
  'POST /api/test/getaudio': owned((c) =>
    multipart(
      '/api/test/getaudio',
      { userexamid: String(c.id) },
      { field: 'audiofile', name: 'a.wav', type: 'audio/wav' },
    ),
  ),
  'POST /api/test/savePrimaryImage': owned((c) =>
    post('/api/test/savePrimaryImage', { userexamid: c.id, imagePath: IMG }),
  ),
  'POST /api/test/sendPrimaryImage': owned((c) => post('/api/test/sendPrimaryImage', { userexamid: c.id }), OK),
  'POST /api/test/getMonitoringData': owned((c) => post('/api/test/getMonitoringData', { userexamid: c.id }), OK),
  'POST /api/test/saveImage': owned((c) => post('/api/test/saveImage', { userexamid: c.id, imagePath: IMG })),
  'POST /api/test/saveErrorImage': owned((c) =>
    post('/api/test/saveErrorImage', { userexamid: c.id, imagePath: IMG, error: 'N' }),
  ),
  'POST /api/proctoring/photoCheck': owned((c) =>
    post('/api/proctoring/photoCheck', { userexamid: c.id, imagePath: IMG }),
  ),
  'POST /api/mobile-testing/store-permission-logs': owned((c) =>
    post('/api/mobile-testing/store-permission-logs', { userexamid: c.id, event: 'granted' }),
  ),
  'POST /api/mobile-testing/audioLogs': owned((c) =>
    post('/api/mobile-testing/audioLogs', { userexamid: c.id, event: 'x' }),
  ),
  'POST /api/mobile-testing/videoLogs': owned((c) =>
    post('/api/mobile-testing/videoLogs', { userexamid: c.id, event: 'x' }),
  ),
  'GET /api/facial-analysis/stats': superOnly(() => get('/api/facial-analysis/stats')),
  'POST /api/test/searchUserOrg': staff(() => post('/api/test/searchUserOrg', { username: DEMO.candidate.email })),
  'POST /api/test/searchRecord': staff((c) => post('/api/test/searchRecord', { userId: c.userId, orgId: 1 })),
  'POST /api/test/regenratetest': staff((c) =>
    post('/api/test/regenratetest', { data: { userExamId: c.id, userId: c.userId, examInstanceId: 1 } }),
  ),
  'GET /api/support/timeline/:userExamId': staff((c) => get(`/api/support/timeline/${c.id}`)),
  'GET /api/support/media/:userExamId': staff((c) => get(`/api/support/media/${c.id}`)),
  'POST /api/support/unlock': staff((c) => post('/api/support/unlock', { userId: c.userId })),
  'GET /api/test/getActiveUsers': superOnly(() => get('/api/test/getActiveUsers')),
  // The super administrator's stream never ends under inject: it is read over a socket in support.test.ts.
  'GET /api/test/getActiveUsers/stream': superOnly(() => get('/api/test/getActiveUsers/stream'), 'skip'),
  'POST /api/test/regeneratelisting': superOnly(() => post('/api/test/regeneratelisting', {})),
  'GET /api/result/addintoqueue': superOnly(() => get('/api/result/addintoqueue')),
  // Content import, rosters and schedules: the super administrator's alone (issue 17).
  'POST /api/admin/imports': superOnly(() =>
    multipart('/api/admin/imports', {}, { field: 'file', name: 'a.zip', type: 'application/zip' }),
  ),
  'POST /api/admin/imports/extension': superOnly(() => post('/api/admin/imports/extension', {})),
  'POST /api/admin/rosters': superOnly(() =>
    multipart('/api/admin/rosters', {}, { field: 'file', name: 'a.csv', type: 'text/csv' }),
  ),
  'GET /api/admin/tests': superOnly(() => get('/api/admin/tests')),
  'POST /api/admin/schedules': superOnly(() => post('/api/admin/schedules', {})),
  'GET /api/admin/tests/:id/export': superOnly(() => get('/api/admin/tests/1/export')),
  // Last: it ends the session of each caller.
  'GET /api/login/logout': self(() => get('/api/login/logout')),
};

/** A's recorded-answer attempt (a test only A has) and an unfinished upload of A's on it. */
async function recordingsOf(t: TestApp, token: string): Promise<Ctx['rec']> {
  const a = await recordingAttempt(t, DEMO.candidate.email);
  const created = await createUpload(t.app, token, { attempt: a.userExamId, question: a.spoken, kind: 'audio' }, 10);
  expect(created.statusCode).toBe(201);
  return { id: a.userExamId, video: a.video, uploadId: created.headers.location!.toString().split('/').pop()! };
}

let t: TestApp;
const tokens: Partial<Record<Who, string>> = {};
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  tokens.candidateA = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  tokens.candidateB = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
  tokens.support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  tokens.admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
  const a = bearer(tokens.candidateA);
  // An exam only candidate A has, started, with one uploaded answer file.
  const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/test/startExam', headers: a, payload: { id } })).statusCode,
  ).toBe(200);
  const opened = await t.app.inject({ method: 'POST', url: '/api/test/userTest', headers: a, payload: { examId: id } });
  const qid = decode<Array<{ qid: number }>>(opened.json().quesData)[0]!.qid;
  const up = await t.app.inject({
    ...multipart(
      '/api/result/uploadfile',
      {},
      { field: 'upl', name: 'a.pdf', type: 'application/pdf' },
      { filename: `${id}_${qid}` },
    ),
    headers: {
      ...a,
      filename: `${id}_${qid}`,
      'content-type': 'multipart/form-data; boundary=----matrix',
    },
  });
  expect(up.statusCode).toBe(200);
  const { rows } = await t.database.executeSql<{ user_id: number; group_id: number }>(
    'SELECT user_id, group_id FROM user_exams WHERE id = $1',
    [id],
  );
  const fileUrl = up.json().file_url;
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/result/downloadfile',
    headers: a,
    payload: { url: fileUrl },
  });
  ctx = {
    id,
    userId: Number(rows[0]!.user_id),
    qid,
    fileUrl,
    signedUrl: link.json().file_url,
    groupId: Number(rows[0]!.group_id),
    rec: await recordingsOf(t, tokens.candidateA),
  };
}, 120_000);
afterAll(async () => t?.close());

const WHO: Who[] = ['anonymous', 'candidateA', 'candidateB', 'support', 'admin'];
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('authorisation matrix', () => {
  it('has exactly one row for every /api route (a new route without a row fails here)', () => {
    // HEAD of a GET route is the GET's own handler without a body; a HEAD declared alone is a route of its own.
    const gets = new Set(t.app.routeAccess.filter((r) => r.method === 'GET').map((r) => r.url));
    const routes = t.app.routeAccess
      .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)) && !r.url.startsWith('/api/docs'))
      .map(key)
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(routes);
  });

  it('answers every cell as the matrix says', async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      for (const who of WHO) {
        const expected = row.cells[who];
        if (expected === undefined || expected === 'skip') continue;
        const req = row.req(ctx);
        const headers = {
          ...(req.headers as Record<string, string>),
          ...(who === 'anonymous' ? {} : bearer(tokens[who]!)),
        };
        const res = await t.app.inject({ ...req, headers });
        const s = res.statusCode;
        const pass = expected === 'ok' ? ![401, 403, 404].includes(s) && s < 500 : s === expected;
        if (!pass) failures.push(`${route} as ${who}: expected ${expected}, got ${s} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
