import { describe, expect, it } from 'vitest';
import { addTexts, fixedT } from './translate.ts';

addTexts('a', { hello: 'Hello {{name}}', nested: { deep: 'Deep {{ n }}' }, list: ['x', 'y'], only: 'from a' });
addTexts('b', { only: 'from b', other: 'Other', count: '{{count}} left' });

describe('translator', () => {
  it('searches the namespaces in order and walks nested keys', () => {
    expect(fixedT(['b', 'a'])('only')).toBe('from b');
    expect(fixedT(['a', 'b'])('only')).toBe('from a');
    expect(fixedT(['a', 'b'])('other')).toBe('Other');
    expect(fixedT('a')('nested.deep', { n: 3 })).toBe('Deep 3');
  });

  it('picks a namespace by prefix', () => {
    expect(fixedT('a')('b:only')).toBe('from b');
    expect(fixedT('a')('b:count', { count: 0 })).toBe('0 left');
  });

  it('interpolates every occurrence, leaves unknown placeholders and does not escape', () => {
    expect(fixedT('a')('hello', { name: '<Asha & Co>' })).toBe('Hello <Asha & Co>');
    expect(fixedT('a')('hello')).toBe('Hello {{name}}');
  });

  it('returns objects only when asked, and the default or the key when missing', () => {
    expect(fixedT('a')('list', { returnObjects: true })).toEqual(['x', 'y']);
    expect(fixedT('a')('list')).toBe('list');
    expect(fixedT('a')('missing.key')).toBe('missing.key');
    expect(fixedT('a')('Tests', { defaultValue: 'Tests' })).toBe('Tests');
  });
});
