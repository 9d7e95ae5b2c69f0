import {
  type CompletedRow,
  DASHBOARD_MESSAGES,
  type DashboardLists,
  type ExpiredRow,
  type PendingRow,
  UserHomeResponse,
} from '@invigil/contracts';
import { ASHA_GROUPS, RAVI_GROUPS } from '@invigil/db/seed/dashboard-seed-data';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import type { Reply } from './reply.ts';

let t: TestApp;
let asha: string;
let ravi: string;
let support: string;
let ashaId: number;
let raviId: number;

beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, support] = [
    await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password),
    await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password),
    await loginAs(t.app, DEMO.support.email, DEMO.support.password),
  ];
  const id = async (token: string) =>
    (await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) })).json().profileData.id as number;
  ashaId = await id(asha);
  raviId = await id(ravi);
});
afterAll(async () => t?.close());

const home = async (token: string, body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dashboard/userHome',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const lists = UserHomeResponse.parse(res.json()) as DashboardLists;
  // Other seeders (the test engine's) may add groups of their own: look at this seed's groups.
  return {
    ...lists,
    groups: lists.groups.filter((g) => OWN_GROUPS.has(g.groupName) || g.groupName === 'Practice Tests'),
  };
};
const OWN_GROUPS = new Set([...Object.values(ASHA_GROUPS), ...Object.values(RAVI_GROUPS)].flat().map((g) => g.name));
const names = (rows: Array<{ examName?: string; name?: string }>) => rows.map((r) => r.examName ?? r.name).sort();
type Row = PendingRow | CompletedRow | ExpiredRow;
function allRows(l: DashboardLists, tab: 'pending'): PendingRow[];
function allRows(l: DashboardLists, tab: 'completed'): CompletedRow[];
function allRows(l: DashboardLists, tab: 'expired'): ExpiredRow[];
function allRows(l: DashboardLists, tab: 'pending' | 'completed' | 'expired'): Row[];
function allRows(l: DashboardLists, tab: 'pending' | 'completed' | 'expired'): Row[] {
  return l.groups.flatMap((g): Row[] => g[tab]);
}

describe('userHome', () => {
  it("lists the demo candidate's tests of an organisation in pending, completed and expired", async () => {
    const l = await home(asha, { selectedTab: 'TEST', organizationId: 1 });
    expect(l.org).toEqual([
      { organization_id: 1, org_name: 'Northwind Academy' },
      { organization_id: 2, org_name: 'Globex Corporation' },
    ]);
    expect(l.latestOrg).toBe(1);
    expect(l.groups.map((g) => [g.groupName, g.reportReady])).toEqual([
      ['Aptitude Batch 2026', true],
      ['Technical Round', false],
    ]);
    const pending = allRows(l, 'pending');
    const byName = Object.fromEntries(pending.map((p) => [p.examName, p]));
    expect(byName['General Aptitude Test']).toMatchObject({
      status: '000',
      statusLabel: 'NOT STARTED',
      available: true,
      languageLocale: 'en-IN,hi-IN',
    });
    expect(byName['Advanced Reasoning Test']).toMatchObject({ status: '000', available: false });
    expect(byName['Logical Reasoning']).toMatchObject({
      status: '001',
      statusLabel: 'IN PROGRESS',
      selectedLanguage: 'en-IN',
    });
    const completed = allRows(l, 'completed');
    expect(completed.find((c) => c.name === 'Quantitative Skills')).toMatchObject({
      testStatus: 'COMPLETED',
      resultStatus: 'Processed',
      report: true,
    });
    expect(completed.find((c) => c.name === 'SQL Basics')).toMatchObject({
      resultStatus: 'Processing',
      resultDate: null,
      report: false,
    });
    expect(names(allRows(l, 'expired'))).toEqual(['Networking Essentials', 'Verbal Ability']);
    expect(l.practice).toEqual([]);
  });

  it('answers other organisations and categories with their own data', async () => {
    const org2 = await home(asha, { selectedTab: 'TEST', organizationId: 2 });
    expect(org2.groups.map((g) => g.groupName)).toEqual(['Graduate Hiring 2026', 'Leadership Assessment']);
    const feedback = await home(asha, { selectedTab: 'FEEDBACK', organizationId: 1 });
    expect(allRows(feedback, 'completed')[0]).toMatchObject({ assessee: expect.any(String), role: expect.any(String) });
    expect(allRows(feedback, 'pending').every((p) => p.testType === 8)).toBe(true);
    for (const tab of ['SURVEY', 'WORKFLOW'] as const) {
      for (const org of [1, 2]) {
        const l = await home(asha, { selectedTab: tab, organizationId: org });
        for (const bucket of ['pending', 'completed', 'expired'] as const)
          expect(allRows(l, bucket).length, `${tab} ${org} ${bucket}`).toBeGreaterThan(0);
        expect(l.isWorkflowInProgress).toBe(true);
      }
    }
    const completedMenu = await home(asha, { selectedTab: 'COMPLETED', organizationId: 1 });
    expect(completedMenu.groups.map((g) => g.category)).toEqual(['TEST', 'TEST']);
  });

  it('gives the other candidate different data and an empty organisation', async () => {
    const org1 = await home(ravi, { selectedTab: 'TEST', organizationId: 1 });
    expect(org1.groups.map((g) => g.groupName)).toEqual(['Campus Drive 2026']);
    expect(names(allRows(org1, 'pending'))).toEqual(['Campus Aptitude Test']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/userHome',
      headers: bearer(ravi),
      payload: { selectedTab: 'TEST', organizationId: 2 },
    });
    const org2 = res.json() as DashboardLists;
    expect(org2.groups).toEqual([]);
    expect(org2.isWorkflowInProgress).toBe(false);
  });

  it('refuses an organisation the user is not in, and bad bodies, and no token', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/userHome',
      headers: bearer(support),
      payload: { selectedTab: 'TEST', organizationId: 2 },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(other.body).not.toContain('Graduate');
    for (const payload of [{ selectedTab: 'NOPE' }, { organizationId: 'x' }, { organizationId: -1 }, 'text']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/userHome',
        headers: bearer(asha),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/userHome',
      payload: { selectedTab: 'TEST' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('menu action and user org data', () => {
  it('remembers the menu, organisation and type button per user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/menu',
      headers: bearer(ravi),
      payload: { newValue: 'Survey', org: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ listType: 'SURVEY', latestOrg: 1 });
    expect(res.json<Reply<'POST /api/dashboard/menu'>>().groups.map((g) => g.groupName)).toContain('New Joiner Survey');
    const data = await t.app.inject({ url: '/api/test/getUserOrgData', headers: bearer(ravi) });
    expect(data.json()).toEqual({ result: [{ selectedMenu: 'Survey', orgId: 1, typeButton: 'SURVEY' }] });
    const ashaData = await t.app.inject({ url: '/api/test/getUserOrgData', headers: bearer(asha) });
    expect(ashaData.json().result[0].selectedMenu).toBe('Tests');
    const practice = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/menu',
      headers: bearer(ravi),
      payload: { newValue: 'Practice', org: 2 },
    });
    expect(practice.json()).toMatchObject({ listType: 'PRACTISE', latestOrg: 2, groups: [] });
    expect(practice.json().practice.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses unknown menu items and foreign organisations', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/menu',
      headers: bearer(asha),
      payload: { newValue: 'Hack', org: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/menu',
      headers: bearer(support),
      payload: { newValue: 'Tests', org: 2 },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('getLanguages', () => {
  it("offers the test's languages, only to its owner", async () => {
    const l = await home(asha, { selectedTab: 'TEST', organizationId: 1 });
    const bilingual = allRows(l, 'pending').find((p) => p.examName === 'General Aptitude Test')!;
    const res = await t.app.inject({
      url: '/api/dashboard/getLanguages',
      headers: { ...bearer(asha), userexamid: String(bilingual.userExamId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      languagesData: [
        { locale: 'en-IN', language: 'English' },
        { locale: 'hi-IN', language: 'Hindi' },
      ],
      preferredLanguage: 'en-IN',
    });
    const stolen = await t.app.inject({
      url: '/api/dashboard/getLanguages',
      headers: { ...bearer(ravi), userexamid: String(bilingual.userExamId) },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('hi-IN');
    for (const headers of [{}, { userexamid: 'abc' }, { userexamid: '1; drop' }]) {
      const res2 = await t.app.inject({ url: '/api/dashboard/getLanguages', headers: { ...bearer(asha), ...headers } });
      expect(res2.statusCode).toBe(400);
    }
  });
});

describe('practice', () => {
  it('assigns once, lists it as pending, and refuses the second time with the spec text', async () => {
    const list = await home(asha, { selectedTab: 'PRACTISE', organizationId: 2 });
    expect(list.practice.length).toBeGreaterThanOrEqual(3);
    expect(list.practice[0]).toMatchObject({
      test_name: expect.any(String),
      numberofquestions: 3,
      duration: expect.any(Number),
    });
    const id = list.practice[0]!.id;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/practice',
      headers: bearer(asha),
      payload: { practice: id, organizationId: 2 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: DASHBOARD_MESSAGES.practiceAssigned });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/practice',
      headers: bearer(asha),
      payload: { practice: id, organizationId: 2 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Exam is already assigned hence cant assign');
    const pending = allRows(await home(asha, { selectedTab: 'TEST', organizationId: 2 }), 'pending');
    expect(pending.map((p) => p.examName)).toContain(list.practice[0]!.test_name);
  });

  it('assigns only once when applied twice at the same moment', async () => {
    const id = (await home(ravi, { selectedTab: 'PRACTISE', organizationId: 1 })).practice[1]!.id;
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/dashboard/practice',
        headers: bearer(ravi),
        payload: { practice: id, organizationId: 1 },
      });
    const codes = (await Promise.all([apply(), apply(), apply()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
  });

  it('refuses tests that are not practice tests and bad bodies', async () => {
    const l = await home(asha, { selectedTab: 'TEST', organizationId: 1 });
    const regular = allRows(l, 'pending')[0]!.userExamId;
    for (const [payload, code] of [
      [{ practice: 99999 }, 404],
      [{ practice: regular }, 404],
      [{ practice: 'x' }, 400],
      [{}, 400],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/practice',
        headers: bearer(asha),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(code);
    }
  });
});

describe('group report', () => {
  it("is a real PDF naming the user, for the user's own ready group only", async () => {
    const l = await home(asha, { selectedTab: 'TEST', organizationId: 1 });
    const ready = l.groups.find((g) => g.reportReady)!;
    const res = await t.app.inject({
      url: `/api/users/group-report/${ashaId}/${ready.groupId}`,
      headers: bearer(asha),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Asha_Rao_\d{8}_\d{6}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Asha Rao');
    expect(text).toContain('Aptitude Batch 2026');
    expect(text).toContain('Quantitative Skills');
    // Dates as the dashboard writes them (spec section 9), not Intl en-IN's 'Sept' and '2:03 pm'.
    expect(text).toMatch(/Generated: \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M UTC/);
    expect(text).not.toMatch(/\d (am|pm)\b|Sept/);

    const processing = l.groups.find((g) => !g.reportReady)!;
    const notReady = await t.app.inject({
      url: `/api/users/group-report/${ashaId}/${processing.groupId}`,
      headers: bearer(asha),
    });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(DASHBOARD_MESSAGES.reportProcessing);

    const otherUser = await t.app.inject({
      url: `/api/users/group-report/${ashaId}/${ready.groupId}`,
      headers: bearer(ravi),
    });
    // Another user's report answers as a missing one (ADR 0050).
    expect(otherUser.statusCode).toBe(404);
    expect(otherUser.json()).toMatchObject({ statusCode: 404, message: 'Report not found.' });
    const otherGroup = await t.app.inject({
      url: `/api/users/group-report/${raviId}/${ready.groupId}`,
      headers: bearer(ravi),
    });
    expect(otherGroup.statusCode).toBe(404);
    expect(otherGroup.headers['content-type']).not.toContain('pdf');
    const bad = await t.app.inject({ url: `/api/users/group-report/x/1`, headers: bearer(asha) });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ url: `/api/users/group-report/${ashaId}/${ready.groupId}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('group report of a survey group', () => {
  it('names its items Survey and gives no percentage: surveys are not scored', async () => {
    const l = await home(asha, { selectedTab: 'SURVEY', organizationId: 1 });
    const ready = l.groups.find((g) => g.reportReady);
    expect(ready, 'the demo data has a survey group with its report ready').toBeDefined();
    const res = await t.app.inject({
      url: `/api/users/group-report/${ashaId}/${ready!.groupId}`,
      headers: bearer(asha),
    });
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toMatch(/\bSurvey\b/);
    expect(text).not.toContain('Percentage');
    expect(text).not.toMatch(/\bTest\b/);
  });
});

describe('speed test', () => {
  it('sends 50000 uncached bytes to a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/system/speedtest', headers: bearer(asha) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(50_000);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/system/speedtest' })).statusCode).toBe(401);
  });
});
