import { describe, expect, it } from 'vitest';
import { rosterLinksCsv } from '../src/admin/roster-links.ts';

describe('rosterLinksCsv (the set-password links download)', () => {
  it('quotes every cell and writes a formula-like cell as text', () => {
    const csv = rosterLinksCsv([
      {
        email: 'asha@example.com',
        name: ' =HYPERLINK("http://evil","x") Rao',
        link: 'https://invigil.example/v2/user/login?invite=abc',
        expiresAt: '2026-12-01T00:00:00.000Z',
      },
    ]);
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe('e-mail,name,set-password link,expires');
    expect(row).toBe(
      '"asha@example.com","\' =HYPERLINK(""http://evil"",""x"") Rao","https://invigil.example/v2/user/login?invite=abc","2026-12-01T00:00:00.000Z"',
    );
  });

  it('leaves ordinary cells as they are', () => {
    const csv = rosterLinksCsv([{ email: 'a@b.co', name: 'Asha Rao', link: 'http://x/?invite=1', expiresAt: 'z' }]);
    expect(csv.split('\n')[1]).toBe('"a@b.co","Asha Rao","http://x/?invite=1","z"');
  });
});
