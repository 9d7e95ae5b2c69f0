import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@invigil/contracts';
import { buildApp } from '../src/app.ts';
import { createTestApp, DEMO, dbKind, type TestApp } from './helpers.ts';

// Count the password hash verifications the server runs (the real function still runs).
const verified = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('@invigil/db/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('@invigil/db/passwords')>();
  return {
    ...real,
    verifyPassword: async (password: string, encoded: string) => {
      verified.hashes.push(encoded);
      return real.verifyPassword(password, encoded);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxLoginAttempts: 3, lockMinutes: 15 });
});
afterAll(async () => t?.close());

const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { userName, password } });

/** Every key path of a JSON value with the type at it (the reply's shape, not its values). */
function shape(v: unknown, at = ''): string[] {
  if (v === null || typeof v !== 'object') return [`${at}:${v === null ? 'null' : typeof v}`];
  return Object.entries(v)
    .flatMap(([k, x]) => shape(x, `${at}.${k}`))
    .sort();
}

describe(`sign-in does not reveal whether an account exists (${dbKind})`, () => {
  it('answers a wrong password of a real account and any password of an unknown one alike', async () => {
    const known = await login(DEMO.support.email, 'Wrong@1234');
    const unknown = await login('nobody-here@example.com', 'Wrong@1234');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.statusCode).toBe(401);
    expect(shape(unknown.json())).toEqual(shape(known.json()));
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ status: 'FAILURE', message: MESSAGES.wrongCredentials, remainingAttempts: 2 });
  });

  it('counts down and locks an unknown name as it does a real account', async () => {
    const seen = async (name: string) => {
      const replies = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(name, 'Wrong@1234');
        replies.push({ status: res.statusCode, body: res.json() as object });
      }
      return replies;
    };
    const known = await seen(DEMO.candidate2.email);
    const unknown = await seen('Ghost@Example.com');
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.status)).toEqual([401, 401, 423, 423]);
  });

  it('verifies the password against a hash of the same cost for an unknown account', async () => {
    verified.hashes.length = 0;
    await login(DEMO.admin.email, 'Wrong@1234');
    await login('no-such-user@example.com', 'Wrong@1234');
    expect(verified.hashes).toHaveLength(2);
    const [real, dummy] = verified.hashes.map((h) => h.split('$'));
    // scrypt$N$r$p$salt$hash: the same scheme and cost parameters, so the same work.
    expect(dummy!.slice(0, 4)).toEqual(real!.slice(0, 4));
    expect(dummy![0]).toBe('scrypt');
    expect(dummy![5]!.length).toBe(real![5]!.length);
  });

  it("keeps an unknown name's count in the database: another API node answers the same, no name stored", async () => {
    const name = 'roaming@example.com';
    expect((await login(name, 'Wrong@1234')).json().remainingAttempts).toBe(2);
    const otherNode = await buildApp(t.config, { database: t.database, logger: false });
    try {
      const res = await otherNode.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userName: name, password: 'Wrong@1234' },
      });
      expect(res.json().remainingAttempts).toBe(1);
    } finally {
      await otherNode.close();
    }
    const { rows } = await t.database.executeSql<{ name_hash: string }>('SELECT name_hash FROM failed_login_names');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/example\.com/i);
  });
});
