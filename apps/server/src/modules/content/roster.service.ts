import { ROLES, type RosterLink, type RosterReport } from '@invigil/contracts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { checkRoster, type RosterRejection, type RosterRow } from './roster-rules.ts';
import type { RosterRepository } from './roster.repository.ts';
import type { ScheduleRepository } from './schedule.repository.ts';

const lower = (s: string) => s.toLowerCase();

const refused = (r: { rows: number; rejected: RosterRejection[]; fileError: string | null }): RosterReport => ({
  applied: false,
  rows: r.rows,
  created: 0,
  updated: 0,
  rejected: r.rejected,
  fileError: r.fileError,
  organisations: [],
  groups: [],
  links: [],
});

/** The set-password link of a token (the login route reads `invite`, ADR 0153). */
const inviteLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/+$/, '')}/v2/user/login?${new URLSearchParams({ invite: token })}`;

/**
 * Candidate rosters (issue 17): a CSV of first name, last name, e-mail, contact number,
 * organisation and group creates or updates candidates, their organisations and Tests groups.
 * Every row is checked first; a file with any rejected row changes nothing (the report says
 * which rows and why), otherwise it is written in one transaction. New users, and users who
 * never set a password, get a single-use set-password link; no password is made or sent. Open
 * schedules of the groups reach the new members.
 */
export class RosterService {
  constructor(
    private readonly repo: RosterRepository,
    private readonly schedules: ScheduleRepository,
    private readonly inviteTtlHours: number,
  ) {}

  async apply(csv: Buffer | string, baseUrl: string): Promise<RosterReport> {
    const check = checkRoster(csv);
    const total = check.rows.length + check.rejected.length;
    if (check.fileError) return refused({ rows: total, rejected: [], fileError: check.fileError });
    const existing = await this.repo.existingUsers(check.rows.map((r) => r.email));
    for (const row of check.rows) {
      const user = existing.get(row.email);
      if (user && user.role !== ROLES.candidate)
        check.rejected.push({
          line: row.line,
          email: row.email,
          reasons: ['The e-mail belongs to a staff account; a roster changes candidates only.'],
        });
    }
    if (check.rejected.length) {
      check.rejected.sort((a, b) => a.line - b.line);
      return refused({ rows: total, rejected: check.rejected, fileError: null });
    }
    return this.write(check.rows, existing, baseUrl, total);
  }

  private async write(
    rows: RosterRow[],
    existing: Awaited<ReturnType<RosterRepository['existingUsers']>>,
    baseUrl: string,
    total: number,
  ): Promise<RosterReport> {
    const expiresAt = new Date(Date.now() + this.inviteTtlHours * 3_600_000);
    return this.repo.transaction(async (tx) => {
      const orgs = await this.repo.organisations(tx, [
        ...new Map(rows.map((r) => [lower(r.organisation), r.organisation])).values(),
      ]);
      const orgOf = (r: RosterRow) => orgs.get(lower(r.organisation))!.id;
      const wanted = new Map(
        rows.map((r) => [`${orgOf(r)}|${lower(r.group)}`, { organizationId: orgOf(r), name: r.group }]),
      );
      const groups = await this.repo.groups(tx, [...wanted.values()]);
      const groupOf = (r: RosterRow) => groups.byKey.get(groups.key(orgOf(r), r.group))!;
      const fresh = rows.filter((r) => !existing.has(r.email));
      const known = rows.filter((r) => existing.has(r.email));
      const created = await this.repo.createUsers(tx, fresh);
      await this.repo.updateUsers(
        tx,
        known.map((r) => ({ ...r, id: existing.get(r.email)!.id })),
      );
      const idOf = (r: RosterRow) => created.get(r.email) ?? existing.get(r.email)!.id;
      await this.repo.addMemberships(
        tx,
        rows.map((r) => ({ userId: idOf(r), organizationId: orgOf(r) })),
        rows.map((r) => ({ userId: idOf(r), groupId: groupOf(r).id })),
      );
      const needLink = rows.filter((r) => !existing.get(r.email)?.hasPassword);
      const links: RosterLink[] = [];
      const invites = needLink.map((r) => {
        const token = newToken();
        links.push({
          email: r.email,
          name: `${r.firstName} ${r.lastName}`,
          link: inviteLink(baseUrl, token),
          expiresAt: expiresAt.toISOString(),
        });
        return { userId: idOf(r), tokenHash: hashToken(token), expiresAt };
      });
      await this.repo.replaceInvites(tx, invites);
      const groupIds = [...new Set(rows.map((r) => groupOf(r).id))];
      await this.schedules.assignMembers(tx, groupIds);
      return {
        applied: true,
        rows: total,
        created: fresh.length,
        updated: known.length,
        rejected: [],
        fileError: null,
        organisations: [...orgs.values()],
        groups: [...wanted.keys()]
          .map((k) => groups.byKey.get(k)!)
          .map((g) => ({
            id: g.id,
            name: g.name,
            organisation: [...orgs.values()].find((o) => o.id === g.organizationId)?.name ?? '',
            created: g.created,
          })),
        links,
      };
    });
  }
}
