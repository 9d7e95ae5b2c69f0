import { describe, expect, it } from 'vitest';
import { checkRoster, isFormulaLike } from './roster-rules.ts';

const HEADER = 'first name,last name,e-mail,contact number,organisation,group';
const row = (cells: Partial<Record<'f' | 'l' | 'e' | 'c' | 'o' | 'g', string>> = {}) =>
  [
    cells.f ?? 'Asha',
    cells.l ?? 'Rao',
    cells.e ?? 'asha@example.com',
    cells.c ?? '9876543210',
    cells.o ?? 'Org',
    cells.g ?? 'G',
  ].join(',');

describe('roster rules', () => {
  it('takes the header in any case and the usual spellings, a BOM, CRLF and quoted cells', () => {
    const csv = `\uFEFFFirst Name,LastName,Email,Contact No,Organization,Group Name\r\n"Rao, Asha",Rao,Asha@Example.com,9876543210,"Org ""One""",G\r\n`;
    const r = checkRoster(csv);
    expect(r.fileError).toBeNull();
    expect(r.rows).toEqual([
      {
        line: 2,
        firstName: 'Rao, Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        contactNumber: '9876543210',
        organisation: 'Org "One"',
        group: 'G',
      },
    ]);
  });

  it('a wrong or reordered header refuses the file', () => {
    expect(checkRoster('e-mail,first name\nx,y').fileError).toMatch(
      /^The header must be: first name, last name, e-mail/,
    );
    expect(checkRoster('').fileError).toBe('The file is empty.');
  });

  it.each([
    ['a bad e-mail', row({ e: 'asha@' }), 'Invalid Email Address'],
    ['a contact number of 9 digits', row({ c: '987654321' }), 'Invalid Mobile Number (exactly 10 digits).'],
    ['a contact number with a country code', row({ c: '919876543210' }), 'Invalid Mobile Number (exactly 10 digits).'],
    ['an empty first name', row({ f: ' ' }), 'The first name is missing or too long.'],
    ['an over-long last name', row({ l: 'x'.repeat(101) }), 'The last name is missing or too long.'],
    ['no group', row({ g: '' }), 'The group is missing or too long.'],
  ])('refuses %s', (_name, line, reason) => {
    const r = checkRoster(`${HEADER}\n${line}`);
    expect(r.rows).toEqual([]);
    expect(r.rejected).toEqual([{ line: 2, email: expect.any(String), reasons: [reason] }]);
  });

  it('refuses formula-injection cells in any column', () => {
    for (const cell of ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\tx'])
      expect(isFormulaLike(cell)).toBe(true);
    expect(isFormulaLike('Asha')).toBe(false);
    const r = checkRoster(`${HEADER}\n${row({ o: '"=HYPERLINK(""http://x"",""y"")"' })}`);
    expect(r.rejected[0]!.reasons).toEqual(['The organisation cell starts like a spreadsheet formula (=).']);
  });

  it('refuses a formula behind leading spaces (cells are trimmed before they are kept)', () => {
    for (const cell of [' =1+1', '  @SUM(A1)', ' +1', ' -1']) expect(isFormulaLike(cell)).toBe(true);
    const r = checkRoster(`${HEADER}\n${row({ f: ' =1+2', g: ' @A1' })}`);
    expect(r.rows).toEqual([]);
    expect(r.rejected[0]!.reasons).toEqual([
      'The first name cell starts like a spreadsheet formula (=).',
      'The group cell starts like a spreadsheet formula (@).',
    ]);
  });

  it('refuses the later rows of an e-mail that appears twice (any case)', () => {
    const r = checkRoster(`${HEADER}\n${row()}\n${row({ e: 'ASHA@example.com' })}\n${row({ e: 'asha@example.com' })}`);
    expect(r.rows.map((x) => x.line)).toEqual([2]);
    expect(r.rejected.map((x) => [x.line, x.reasons[0]])).toEqual([
      [3, 'The e-mail is also on line 2.'],
      [4, 'The e-mail is also on line 2.'],
    ]);
  });

  it('refuses a row with the wrong number of cells, and an unclosed quote as a file error', () => {
    expect(checkRoster(`${HEADER}\n${row()},extra`).rejected[0]!.reasons[0]).toBe(
      'It has 7 columns; the header has 6.',
    );
    expect(checkRoster(`${HEADER}\n"open,${row()}`).fileError).toMatch(/^The file is not valid CSV/);
  });
});
