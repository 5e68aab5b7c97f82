import { describe, expect, test } from 'vitest';
import { blank, joinRedactors, mentions } from './erasure.js';

describe('mentions', () => {
  test('a name counts as a whole word only; an address anywhere, in any case', () => {
    expect(mentions(['Hi Ann.'], { emails: [], names: ['Ann'] })).toBe(true);
    expect(mentions(['The announcement'], { emails: [], names: ['Ann'] })).toBe(false);
    expect(mentions(['Merci Zoë!'], { emails: [], names: ['Zoë'] })).toBe(true);
    expect(mentions(['a (b) c'], { emails: [], names: ['(b)'] })).toBe(true);
    expect(mentions({ to: 'x A.B@x.com' }, { emails: ['a.b@x.com'], names: [] })).toBe(true);
    expect(mentions(['nothing here'], { emails: [''], names: ['', '  '] })).toBe(false);
  });
});

describe('blank', () => {
  test('keeps every key and its kind: strings empty, arrays empty, objects empty, absent keys absent', () => {
    expect(blank({ a: 'x', b: ['y'], c: { d: 1 }, e: null, f: 3 }, ['a', 'b', 'c', 'e', 'g'])).toEqual({ a: '', b: [], c: {}, e: null, f: 3 });
  });
});

describe('joinRedactors', () => {
  test('refuses a type registered by two domains', () => {
    const r = () => undefined;
    expect(() => joinRedactors({ X: r }, { X: r })).toThrow(/two redactors for event type X/);
    expect(Object.keys(joinRedactors({ X: r }, { Y: r }))).toEqual(['X', 'Y']);
  });
});
