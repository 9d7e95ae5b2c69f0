import { describe, expect, it } from 'vitest';
import { setCookie } from './cookies.ts';
import { linkForAnotherUser } from './sign-in-link.ts';

const at = (pathname: string, search: string) => ({ pathname, search });
const link = (email: string) => `?${new URLSearchParams({ ref: '1764400000000', email: btoa(email), sig: 'ab' })}`;

describe("another user's own sign-in link, where someone is signed in", () => {
  it("an auto-login link of another user, on either login path; the signed-in user's own is not", () => {
    setCookie('email', 'candidate@example.com');
    expect(linkForAnotherUser(at('/v2/user/login', link('candidate2@example.com')))).toBe(true);
    expect(linkForAnotherUser(at('/v2/user/', link('candidate2@example.com')))).toBe(true);
    expect(linkForAnotherUser(at('/v2/user/login', link('Candidate@Example.com ')))).toBe(false);
  });

  it('a set-password invite is always someone arriving with their own link', () => {
    expect(linkForAnotherUser(at('/v2/user/login', '?invite=abc'))).toBe(true);
  });

  it('nothing else: other paths, no link, a link that is not base64', () => {
    expect(linkForAnotherUser(at('/v2/user/dashboard', link('candidate2@example.com')))).toBe(false);
    expect(linkForAnotherUser(at('/v2/user/login', ''))).toBe(false);
    expect(linkForAnotherUser(at('/v2/user/login', '?ref=1&email=%%%'))).toBe(false);
  });
});
