import { describe, expect, it } from 'vitest';
import {
  decodePayload,
  encodePayload,
  isValidContact,
  isValidEmail,
  isValidPassword,
  MESSAGES,
  passwordChangeValidationMessage,
  profileValidationMessage,
  remainingAttemptsMessage,
} from '../src/index.ts';

describe('password rule', () => {
  it.each(['Candidate@123', 'Abcdef1!'.replace('!', '@'), 'zZ9$zzzz', 'Aa1?Aa1?'.replace(/\?/g, '&')])(
    'accepts %s',
    (pw) => {
      expect(isValidPassword(pw)).toBe(true);
    },
  );
  it.each([
    ['too short', 'Aa1@aaa'],
    ['no upper', 'candidate@123'],
    ['no lower', 'CANDIDATE@123'],
    ['no digit', 'Candidate@abc'],
    ['no special', 'Candidate123'],
    ['special outside @$!%*?&', 'Candidate#123'],
    ['space', 'Candi date@123'],
    ['empty', ''],
  ])('refuses %s', (_why, pw) => {
    expect(isValidPassword(pw)).toBe(false);
  });
});

describe('contact number and e-mail', () => {
  it('needs exactly 10 digits', () => {
    expect(isValidContact('9876543210')).toBe(true);
    for (const v of ['987654321', '98765432101', '98765 43210', '+919876543210', 'abcdefghij', ''])
      expect(isValidContact(v)).toBe(false);
  });
  it('matches a standard e-mail pattern', () => {
    for (const v of ['a@b.co', 'first.last+tag@sub.example.com']) expect(isValidEmail(v)).toBe(true);
    for (const v of ['plain', 'a@b', '@b.com', 'a b@c.com', 'a@b.c']) expect(isValidEmail(v)).toBe(false);
  });
});

describe('form messages', () => {
  it('profile: one, the other, or both joined as the spec writes them', () => {
    expect(profileValidationMessage('a@b.co', '9876543210')).toBeNull();
    expect(profileValidationMessage('bad', '9876543210')).toBe('Invalid Email Address');
    expect(profileValidationMessage('a@b.co', '123')).toBe('Invalid Mobile Number');
    expect(profileValidationMessage('bad', '123')).toBe('Invalid Email Address, Invalid Mobile Number');
  });
  it('password change: required, mismatch, rule, ok', () => {
    expect(passwordChangeValidationMessage('', 'Abcdef@1', 'Abcdef@1')).toBe(MESSAGES.passwordFieldsRequired);
    expect(passwordChangeValidationMessage('old', 'Abcdef@1', 'Abcdef@2')).toBe('Password does not match');
    expect(passwordChangeValidationMessage('old', 'abcdefgh', 'abcdefgh')).toBe(MESSAGES.passwordRule);
    expect(passwordChangeValidationMessage('old', 'Abcdef@1', 'Abcdef@1')).toBeNull();
  });
  it('login: the three remainingAttempts messages', () => {
    expect(remainingAttemptsMessage(4)).toBe('Username or Password is incorrect.');
    expect(remainingAttemptsMessage(2)).toBe('Username or Password is incorrect.');
    expect(remainingAttemptsMessage(1)).toMatch(/^One last attempt remaining !!/);
    expect(remainingAttemptsMessage(0)).toMatch(/^This account is locked/);
  });
});

describe('encoded payloads', () => {
  it('round-trips unicode JSON as base64url without padding', () => {
    const value = { q: 'प्रश्न ✓', list: [1, 2, { x: null }], sep: '|^^|' };
    const encoded = encodePayload(value);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePayload(encoded)).toEqual(value);
  });
});
