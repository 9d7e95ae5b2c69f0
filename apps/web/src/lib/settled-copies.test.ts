import { encodePayload } from '@invigil/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { RAVI as ravi } from './demo-sign-ins.test-support.ts';
import { clearLogin, storeLogin } from './session.ts';

const copy = (id: number, pending: number[], savedAt = Date.now()) =>
  encodePayload({
    examDetail: { id, userid: 1, time_remaining: 600 },
    quesData: [{ qid: 5, selectedChoiceId: '51' }],
    seq: 3,
    pending,
    savedAt,
  });

beforeEach(() => {
  localStorage.clear();
  // Asha's two attempts on this machine: 71 saved to the last answer, 72 with two answers unsent.
  localStorage.setItem('71', copy(71, []));
  localStorage.setItem('one-minute-71', '1');
  localStorage.setItem('coding-71-9', JSON.stringify({ code: 'print(42)', codelang: 'python' }));
  localStorage.setItem('72', copy(72, [5, 6]));
  localStorage.setItem('coding-72-9', JSON.stringify({ code: 'print(7)', codelang: 'python' }));
  localStorage.setItem('remainingTime', '1200');
  localStorage.setItem('test-submit-73', '{"userExamId":73}');
});

describe("the last user's test copies on a shared machine", () => {
  it('logout drops what the server already has and keeps what it has not', () => {
    clearLogin('logout');
    expect(Object.keys(localStorage).sort()).toEqual(['72', 'coding-72-9', 'remainingTime', 'test-submit-73']);
  });

  it('a sign-in does the same (the last user closed the browser without logging out)', () => {
    localStorage.setItem('72', copy(72, []));
    storeLogin(ravi);
    expect(Object.keys(localStorage).sort()).toEqual(['test-submit-73']);
  });

  it('leaves a copy it cannot read alone', () => {
    localStorage.setItem('74', 'not a copy');
    clearLogin('forced');
    expect(localStorage.getItem('74')).toBe('not a copy');
  });

  it('drops unsent changes whose test ended over a day ago: they can never count', () => {
    const threeDaysAgo = Date.now() - 3 * 86_400_000;
    localStorage.setItem('72', copy(72, [5, 6], threeDaysAgo));
    clearLogin('logout');
    expect(Object.keys(localStorage).sort()).toEqual(['test-submit-73']);
  });
});
