import { DASHBOARD_MESSAGES } from '@invigil/contracts';
import PDFDocument from 'pdfkit';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { AttemptRecord, DashboardRepository } from './dashboard.repository.ts';
import { bucketOf } from './dashboard.service.ts';

export interface GroupReport {
  fileName: string;
  pdf: Buffer;
}

const STATUS_TEXT: Record<string, string> = {
  '000': 'Not Started',
  '001': 'In Progress',
  '010': 'Completed',
  '011': 'Time Out',
  '100': 'Expired',
  '111': 'Aborted',
  '998': 'Retest',
  '999': 'Result Failed',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Day, short month, year with a 12-hour time (spec section 9), as the dashboard writes them
 * ('05 Sep 2026, 02:03 PM'), in UTC and saying so: the server does not know the reader's zone.
 * Not Intl's en-IN, which writes 'Sept' and '2:03 pm'.
 */
const fmtDate = (d: Date | null) => {
  if (!d) return 'N.A.';
  const h = d.getUTCHours();
  const time = `${two(h % 12 === 0 ? 12 : h % 12)}:${two(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  return `${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time} UTC`;
};

/** "Asha Rao" + a timestamp + .pdf, safe as a file name. */
function reportFileName(firstName: string, lastName: string, at: Date): string {
  const name = `${firstName}_${lastName}`.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/_+/g, '_');
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_');
  return `${name}_${stamp}.pdf`;
}

/** The first column's heading: what the group's items are (the dashboard's tab titles). */
const ITEM_HEADING: Record<string, string> = { SURVEY: 'Survey', FEEDBACK: 'Feedback' };
/** Surveys and feedback forms are not scored: their report has no percentage column. */
const unscored = (category: string) => category === 'SURVEY' || category === 'FEEDBACK';

function render(
  title: { user: string; email: string; group: string; category: string; org: string; at: Date },
  rows: AttemptRecord[],
  now: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: `Group report: ${title.group}`, Author: 'Invigil', Subject: title.user },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fillColor('#5b2c83').fontSize(20).font('Helvetica-Bold').text('Group Report');
    doc.moveDown(0.5).fillColor('#000').fontSize(11).font('Helvetica');
    doc.text(`Name: ${title.user}`);
    doc.text(`E-mail: ${title.email}`);
    doc.text(`Organization: ${title.org}`);
    doc.text(`Group: ${title.group}`);
    doc.text(`Generated: ${fmtDate(title.at)}`);
    doc.moveDown();

    const scored = !unscored(title.category);
    const cols = [
      { h: ITEM_HEADING[title.category] ?? 'Test', w: scored ? 170 : 235 },
      { h: 'Status', w: 75 },
      { h: 'Result', w: 75 },
      ...(scored ? [{ h: 'Percentage', w: 65 }] : []),
      { h: 'Date', w: 115 },
    ];
    const x0 = doc.page.margins.left;
    const line = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      let x = x0;
      let height = 0;
      cols.forEach((col, i) => {
        doc.text(cells[i] ?? '', x, y, { width: col.w - 6 });
        height = Math.max(height, doc.y - y);
        x += col.w;
      });
      doc.x = x0;
      doc.y = y + height + 4;
      doc
        .moveTo(x0, doc.y - 2)
        .lineTo(x0 + cols.reduce((s, c) => s + c.w, 0), doc.y - 2)
        .strokeColor('#cccccc')
        .lineWidth(0.5)
        .stroke();
    };
    line(
      cols.map((c) => c.h),
      true,
    );
    if (!rows.length) doc.font('Helvetica').text(scored ? 'No tests in this group.' : 'Nothing in this group.');
    for (const a of rows) {
      const expired = bucketOf(a, now) === 'expired';
      // A test set not to show its score keeps it from the candidate here too.
      const percentage = a.percentage !== null && a.showScore ? `${Number(a.percentage).toFixed(2)} %` : 'N.A.';
      line(
        [
          a.examName,
          expired ? 'Expired' : (STATUS_TEXT[a.status] ?? a.status),
          a.resultStatus ?? 'N.A.',
          ...(scored ? [percentage] : []),
          fmtDate(a.resultDate ?? a.finishedAt ?? (expired ? a.expiresAt : a.scheduledAt)),
        ],
        false,
      );
      if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    }
    doc.end();
  });
}

/** The signed-in user's own group report: another user's id or a group not theirs is not found (ADR 0050). */
export class GroupReportService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly users: UserRepository,
  ) {}

  async build(requesterId: number, userId: number, groupId: number): Promise<GroupReport> {
    if (!userPolicy.readReports({ id: requesterId }, userId)) throw notFound(userPolicy.reportNotFound);
    const found = await this.repo.groupAttempts(userId, groupId);
    if (!found) throw notFound(userPolicy.reportNotFound);
    if (!found.group.reportReady) throw new HttpError(409, DASHBOARD_MESSAGES.reportProcessing);
    const user = await this.users.findById(userId);
    if (!user) throw notFound('Report not found.');
    const at = new Date();
    const pdf = await render(
      {
        user: `${user.firstName} ${user.lastName}`,
        email: user.email,
        group: found.group.name,
        category: found.group.category,
        org: found.group.orgName,
        at,
      },
      found.attempts,
      at.getTime(),
    );
    return { fileName: reportFileName(user.firstName, user.lastName, at), pdf };
  }
}
