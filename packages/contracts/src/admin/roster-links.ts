import type { RosterLink } from './roster.ts';

/** A quoted cell; one a spreadsheet would run as a formula is prefixed with ' (shown as text). */
const cell = (s: string) => `"${(/^\s*[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;

/**
 * A roster report's set-password links as CSV (the screen's download, the command's --links):
 * links, never passwords. Every cell is quoted; none can start a formula: the roster's rules
 * refuse such names and e-mails, and a cell that still looks like one is written as text.
 */
export function rosterLinksCsv(links: readonly RosterLink[]): string {
  const rows = links.map((l) => [l.email, l.name, l.link, l.expiresAt].map(cell).join(','));
  return `${['e-mail,name,set-password link,expires', ...rows].join('\n')}\n`;
}
