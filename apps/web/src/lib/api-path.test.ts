import { describe, expect, it } from 'vitest';
import { fillPath, withQuery } from './api-path.ts';

describe('fillPath', () => {
  it('fills named params, encoded', () => {
    expect(fillPath('/api/result/status/:id', { id: 7 })).toBe('/api/result/status/7');
    expect(fillPath('/api/users/group-report/:userId/:groupId', { userId: 3, groupId: 'a b' })).toBe(
      '/api/users/group-report/3/a%20b',
    );
  });
  it('fills a trailing wildcard as it is', () => {
    expect(fillPath('/api/result/files/*', { '*': 'u1/f.pdf' })).toBe('/api/result/files/u1/f.pdf');
  });
  it('leaves a path without params alone and refuses a missing one', () => {
    expect(fillPath('/api/login')).toBe('/api/login');
    expect(() => fillPath('/api/result/status/:id', {})).toThrow(/id/);
  });
});

describe('withQuery', () => {
  it('appends defined values only', () => {
    expect(withQuery('/api/system/speedtest', { t: 5 })).toBe('/api/system/speedtest?t=5');
    expect(withQuery('/api/x', { a: undefined })).toBe('/api/x');
    expect(withQuery('/api/x')).toBe('/api/x');
  });
});
