import {
  type ApplyPracticeRequest,
  type ApplyPracticeResponse,
  type Category,
  type CompletedRow,
  DASHBOARD_MESSAGES,
  type DashboardGroup,
  type DashboardLists,
  type DashboardMenuRequest,
  DEFAULT_LANGUAGE,
  EXAM_STATUS,
  type ExpiredRow,
  type GetLanguagesResponse,
  type GetUserOrgDataResponse,
  isResumable,
  isSurveyType,
  LANGUAGE_NAMES,
  type ListType,
  categoryForListType,
  listTypeForMenu,
  type PendingRow,
  STATUS_LABEL,
  type UserHomeRequest,
} from '@invigil/contracts';
import { forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import type { AttemptRecord, DashboardRepository, OrgRecord } from './dashboard.repository.ts';

/** The group an applied practice test lands in (one per organisation). */
const PRACTICE_GROUP = 'Practice Tests';

/** Not started, in progress, and a retest (998) the candidate was asked to reattempt. */
const PENDING = new Set(['000', '001', '998']);
const LIST_MENUS = new Set(['Site Requirements', 'Support', 'User Help']);

type Bucket = 'pending' | 'completed' | 'expired';

/** Where an assignment is listed, by the server's clock: lapsed not-started items are expired. */
export function bucketOf(a: Pick<AttemptRecord, 'status' | 'expiresAt'>, now: number): Bucket {
  if (a.status === '100') return 'expired';
  if ((a.status === '000' || a.status === '998') && a.expiresAt && a.expiresAt.getTime() < now) return 'expired';
  if (PENDING.has(a.status)) return 'pending';
  return 'completed';
}

const categoryOf = (a: AttemptRecord): string => a.category ?? (isSurveyType(a.testType) ? 'SURVEY' : 'TEST');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function pendingRow(a: AttemptRecord, now: number): PendingRow {
  return {
    userExamId: a.userExamId,
    examName: a.examName,
    date: a.scheduledAt.toISOString(),
    languageLocale: (a.languages.length ? a.languages : [DEFAULT_LANGUAGE]).join(','),
    assessee: a.assessee,
    role: a.assesseeRole,
    status: a.status,
    statusLabel: isResumable(a.status) ? STATUS_LABEL[EXAM_STATUS.inProgress]! : (STATUS_LABEL[a.status] ?? a.status),
    testType: a.testType,
    available: a.scheduledAt.getTime() <= now,
    selectedLanguage: a.selectedLanguage,
  };
}

function completedRow(a: AttemptRecord): CompletedRow {
  return {
    userExamId: a.userExamId,
    name: a.examName,
    assessee: a.assessee,
    role: a.assesseeRole,
    testStatus: STATUS_LABEL[a.status] ?? a.status,
    resultStatus: a.resultStatus ?? 'Pending',
    resultDate: iso(a.resultDate),
    report: a.reportReady,
    groupId: a.groupId ?? 0,
  };
}

function expiredRow(a: AttemptRecord): ExpiredRow {
  return {
    userExamId: a.userExamId,
    name: a.examName,
    status: STATUS_LABEL['100']!,
    date: iso(a.expiresAt ?? a.scheduledAt),
  };
}

/** Groups (in first-seen order) of one category with their three lists. */
function buildGroups(attempts: AttemptRecord[], category: Category, now: number): DashboardGroup[] {
  const byId = new Map<number, DashboardGroup>();
  for (const a of attempts) {
    if (categoryOf(a) !== category) continue;
    const id = a.groupId ?? 0;
    let g = byId.get(id);
    if (!g) {
      g = {
        groupId: id,
        groupName: a.groupName ?? 'General',
        category,
        reportReady: a.groupId !== null && a.reportReady,
        pending: [],
        completed: [],
        expired: [],
      };
      byId.set(id, g);
    }
    const bucket = bucketOf(a, now);
    if (bucket === 'pending') g.pending.push(pendingRow(a, now));
    else if (bucket === 'completed') g.completed.push(completedRow(a));
    else g.expired.push(expiredRow(a));
  }
  return [...byId.values()];
}

/** The candidate dashboard: lists, organisations, remembered menu, languages, practice. */
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  /** The organisation to show: the asked one (must be the user's), else the last used, else the first. */
  private async resolveOrg(
    userId: number,
    asked: number | null | undefined,
  ): Promise<{ orgs: OrgRecord[]; orgId: number | null }> {
    const orgs = await this.repo.organizations(userId);
    if (asked !== null && asked !== undefined) {
      if (!orgs.some((o) => o.id === asked)) throw forbidden('You are not a member of this organization.');
      return { orgs, orgId: asked };
    }
    const saved = await this.repo.userOrgData(userId);
    const orgId = saved?.orgId && orgs.some((o) => o.id === saved.orgId) ? saved.orgId : (orgs[0]?.id ?? null);
    return { orgs, orgId };
  }

  private async lists(
    userId: number,
    orgs: OrgRecord[],
    orgId: number | null,
    listType: ListType,
    withLists: boolean,
  ): Promise<DashboardLists> {
    const now = Date.now();
    const attempts = orgId === null ? [] : await this.repo.attempts(userId, orgId);
    const practice = listType === 'PRACTISE' && withLists ? await this.repo.practiceTests(userId) : [];
    return {
      org: orgs.map((o) => ({ organization_id: o.id, org_name: o.name })),
      latestOrg: orgId,
      listType,
      groups: listType === 'PRACTISE' || !withLists ? [] : buildGroups(attempts, categoryForListType(listType), now),
      practice: practice.map((p) => ({
        id: p.id,
        test_name: p.name,
        numberofquestions: p.questionCount,
        duration: Math.round(p.durationSeconds / 60),
      })),
      isWorkflowInProgress: attempts.some((a) => categoryOf(a) === 'WORKFLOW' && a.status === '001'),
    };
  }

  async userHome(userId: number, body: UserHomeRequest): Promise<DashboardLists> {
    const { orgs, orgId } = await this.resolveOrg(userId, body.organizationId);
    if (orgId !== null && body.organizationId)
      await this.repo.saveUserOrgData(userId, { orgId, typeButton: body.selectedTab });
    return this.lists(userId, orgs, orgId, body.selectedTab, true);
  }

  /** The menu action: remember the item and organisation, answer the item's lists. */
  async menu(userId: number, body: DashboardMenuRequest): Promise<DashboardLists> {
    const { orgs, orgId } = await this.resolveOrg(userId, body.org);
    const listType = listTypeForMenu(body.newValue);
    if (orgId !== null)
      await this.repo.saveUserOrgData(userId, { selectedMenu: body.newValue, orgId, typeButton: listType });
    return this.lists(userId, orgs, orgId, listType, !LIST_MENUS.has(body.newValue));
  }

  async userOrgData(userId: number): Promise<GetUserOrgDataResponse> {
    const [orgs, saved] = await Promise.all([this.repo.organizations(userId), this.repo.userOrgData(userId)]);
    const orgId = saved?.orgId && orgs.some((o) => o.id === saved.orgId) ? saved.orgId : (orgs[0]?.id ?? null);
    return {
      result: [{ selectedMenu: saved?.selectedMenu ?? 'Tests', orgId, typeButton: saved?.typeButton ?? 'TEST' }],
    };
  }

  /** The languages one of the user's own tests offers; another user's id is not found. */
  async languages(userId: number, userExamId: number): Promise<GetLanguagesResponse> {
    const a = await this.repo.attempt(userId, userExamId);
    if (!a) throw notFound(attemptPolicy.notFound);
    const locales = a.languages.length ? a.languages : [DEFAULT_LANGUAGE];
    return {
      languagesData: locales.map((locale) => ({ locale, language: LANGUAGE_NAMES[locale] ?? locale })),
      preferredLanguage: a.selectedLanguage && locales.includes(a.selectedLanguage) ? a.selectedLanguage : locales[0]!,
    };
  }

  async applyPractice(userId: number, body: ApplyPracticeRequest): Promise<ApplyPracticeResponse> {
    const practice = await this.repo.practiceTests(userId);
    if (!practice.some((p) => p.id === body.practice)) throw notFound('Practice test not found.');
    const { orgId } = await this.resolveOrg(userId, body.organizationId);
    if (orgId === null) throw new HttpError(409, 'You are not a member of any organization.');
    const userExamId = await this.repo.assignPractice(userId, body.practice, orgId, PRACTICE_GROUP);
    if (userExamId === null) throw new HttpError(409, DASHBOARD_MESSAGES.practiceAlreadyAssigned, { success: false });
    return { success: true, message: DASHBOARD_MESSAGES.practiceAssigned, userExamId };
  }
}
