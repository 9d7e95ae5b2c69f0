import { MESSAGES, ROSTER_HEADER, isValidContact, isValidEmail } from '@invigil/contracts';
import { parse } from 'csv-parse/sync';

/** A roster row that passed every rule (e-mail lowercased, cells trimmed). */
export interface RosterRow {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  organisation: string;
  group: string;
}

export interface RosterRejection {
  line: number;
  email: string;
  reasons: string[];
}

export interface RosterCheck {
  rows: RosterRow[];
  rejected: RosterRejection[];
  /** the file as a whole is unusable (not CSV, wrong header, too many rows) */
  fileError: string | null;
}

const ROSTER_MAX_ROWS = 50_000;

/** Other spellings of the header's columns that are taken as the same column. */
const ALIASES: Record<string, (typeof ROSTER_HEADER)[number]> = {
  'first name': 'first name',
  firstname: 'first name',
  first_name: 'first name',
  'last name': 'last name',
  lastname: 'last name',
  last_name: 'last name',
  'e-mail': 'e-mail',
  email: 'e-mail',
  'email address': 'e-mail',
  'contact number': 'contact number',
  'contact no': 'contact number',
  contact_number: 'contact number',
  organisation: 'organisation',
  organization: 'organisation',
  group: 'group',
  'group name': 'group',
};

/**
 * A cell a spreadsheet would run as a formula (CSV injection: `=cmd|' /C calc'!A0`, `+`, `-`,
 * `@`, or a leading tab or carriage return), also after leading spaces: cells are trimmed before
 * they are kept, so " =cmd" would be stored as "=cmd". Such cells are refused, not quoted: a
 * roster has no reason to hold one, and the report is read back in spreadsheets.
 */
export const isFormulaLike = (cell: string) => /^[=+\-@\t\r]/.test(cell) || /^[=+\-@]/.test(cell.trim());

const LIMITS = { name: 100, email: 254, place: 200 };

function checkRow(cells: string[], line: number): { row?: RosterRow; reasons: string[] } {
  const reasons: string[] = [];
  if (cells.length !== ROSTER_HEADER.length)
    reasons.push(`It has ${cells.length} columns; the header has ${ROSTER_HEADER.length}.`);
  const raw = ROSTER_HEADER.map((_, i) => cells[i] ?? '');
  raw.forEach((c, i) => {
    if (isFormulaLike(c))
      reasons.push(`The ${ROSTER_HEADER[i]} cell starts like a spreadsheet formula (${c.trimStart()[0] ?? c[0]}).`);
  });
  const [firstName, lastName, emailRaw, contactNumber, organisation, group] = raw.map((c) => c.trim()) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const email = emailRaw.toLowerCase();
  if (!firstName || firstName.length > LIMITS.name) reasons.push('The first name is missing or too long.');
  if (!lastName || lastName.length > LIMITS.name) reasons.push('The last name is missing or too long.');
  if (email.length > LIMITS.email || !isValidEmail(email)) reasons.push(MESSAGES.invalidEmail);
  if (!isValidContact(contactNumber)) reasons.push(`${MESSAGES.invalidMobile} (exactly 10 digits).`);
  if (!organisation || organisation.length > LIMITS.place) reasons.push('The organisation is missing or too long.');
  if (!group || group.length > LIMITS.place) reasons.push('The group is missing or too long.');
  if (reasons.length) return { reasons };
  return { row: { line, firstName, lastName, email, contactNumber, organisation, group }, reasons };
}

/**
 * The text of an uploaded roster: UTF-8 (with or without a BOM) or UTF-16 with its BOM as
 * written; any other bytes are the Windows code page spreadsheets save "CSV" in on Windows
 * (windows-1252, a superset of Latin-1), never U+FFFD in a stored name.
 */
function decodeRoster(csv: Buffer | string): string {
  if (typeof csv === 'string') return csv;
  if (csv[0] === 0xff && csv[1] === 0xfe) return new TextDecoder('utf-16le').decode(csv);
  if (csv[0] === 0xfe && csv[1] === 0xff) return new TextDecoder('utf-16be').decode(csv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(csv);
  } catch {
    return new TextDecoder('windows-1252').decode(csv);
  }
}

/** A workbook uploaded in place of its CSV: Office Open XML and OpenDocument are zips, old Excel is OLE. */
function workbookKind(data: Buffer): string | null {
  if (data.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) return '.xlsx or .ods';
  if (data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) return '.xls';
  return null;
}

/**
 * The separator the header line uses: a comma, or the semicolon spreadsheets write where the
 * comma is the decimal sign, or a tab (a sheet's "text" export). No column name holds one.
 */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** Empty cells a spreadsheet leaves after the last column (a stray separator at the line end). */
function withoutTrailingEmpty(cells: string[], width: number): string[] {
  const out = [...cells];
  while (out.length > width && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

function headerError(header: string[]): string | null {
  const names = header.map((h) => ALIASES[h.trim().toLowerCase()] ?? h.trim());
  const ok = names.length === ROSTER_HEADER.length && names.every((n, i) => n === ROSTER_HEADER[i]);
  return ok ? null : `The header must be: ${ROSTER_HEADER.join(', ')} (found: ${header.join(', ').slice(0, 200)}).`;
}

/**
 * The roster's rules, before anything is written: the header, then per row the cell count,
 * names, e-mail (the profile's pattern), contact number (the spec's 10 digits), organisation and
 * group, formula-like cells, and e-mails that appear twice (the later rows are refused).
 */
export function checkRoster(csv: Buffer | string): RosterCheck {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  const workbook = typeof csv !== 'string' && workbookKind(csv);
  if (workbook)
    return {
      rows: [],
      rejected: [],
      fileError: `The file is a spreadsheet workbook (${workbook}), not CSV: save it as CSV (comma or semicolon separated) and upload that.`,
    };
  const text = decodeRoster(csv);
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      // a row of separators only (",,,,,"): what a spreadsheet saves for a row once used
      skip_records_with_empty_values: true,
      info: true,
      max_record_size: 4096,
      to: ROSTER_MAX_ROWS + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (e) {
    return { rows: [], rejected: [], fileError: `The file is not valid CSV: ${(e as Error).message.slice(0, 200)}` };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], rejected: [], fileError: 'The file is empty.' };
  const headerCells = withoutTrailingEmpty(header.record, 0);
  const wrong = headerError(headerCells);
  if (wrong) return { rows: [], rejected: [], fileError: wrong };
  if (data.length > ROSTER_MAX_ROWS)
    return { rows: [], rejected: [], fileError: `The file has more than ${ROSTER_MAX_ROWS} rows.` };
  const rows: RosterRow[] = [];
  const rejected: RosterRejection[] = [];
  const firstLine = new Map<string, number>();
  for (const { record, info } of data) {
    const { row, reasons } = checkRow(withoutTrailingEmpty(record, headerCells.length), info.lines);
    const email = (record[2] ?? '').trim().toLowerCase();
    if (row) {
      const earlier = firstLine.get(row.email);
      if (earlier !== undefined) reasons.push(`The e-mail is also on line ${earlier}.`);
      else firstLine.set(row.email, row.line);
    }
    if (reasons.length) rejected.push({ line: info.lines, email: email.slice(0, 254), reasons });
    else rows.push(row!);
  }
  return { rows, rejected, fileError: null };
}
