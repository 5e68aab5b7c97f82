// Properties of bindings: text round-trips, the keydown a binding spells matches it, any other
// modifier set does not, and single keys never fire while typing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBinding, isSingleKey, matchShortcut, parseBinding, eventMatches, type Binding, type KeyInput } from './keys';

const keyArb = fc.oneof(
  fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789;/,.[]\\'-=`+".split('')),
  fc.constantFrom('Enter', 'Escape', 'Tab', 'Space', 'ArrowUp', 'F1', 'F12', 'Home', 'PageDown'),
  fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }).filter((s) => parseBinding(s)?.key === s),
);
const bindingArb: fc.Arbitrary<Binding> = fc.record({ key: keyArb, ctrl: fc.boolean(), meta: fc.boolean(), alt: fc.boolean(), shift: fc.boolean() });
const eventOf = (b: Binding, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: b.key === 'Space' ? ' ' : b.key,
  ctrlKey: b.ctrl,
  metaKey: b.meta,
  altKey: b.alt,
  shiftKey: b.shift,
  ...mods,
});

describe('binding properties', () => {
  it('parse(format(b)) is b', () => {
    fc.assert(
      fc.property(bindingArb, (b) => {
        expect(parseBinding(formatBinding(b))).toEqual(b);
      }),
    );
  });

  it('the keydown a binding spells matches it', () => {
    fc.assert(fc.property(bindingArb, (b) => eventMatches(eventOf(b), b)));
  });

  it('a different set of modifiers never matches', () => {
    const mod = fc.constantFrom('ctrlKey', 'metaKey', 'altKey', 'shiftKey' as const);
    fc.assert(fc.property(bindingArb, mod, (b, m) => !eventMatches({ ...eventOf(b), [m]: !eventOf(b)[m] }, b)));
  });

  it('while typing, only bindings with Ctrl, Cmd or Alt fire', () => {
    fc.assert(
      fc.property(bindingArb, (b) => {
        const hit = matchShortcut(eventOf(b), { focusAsk: [b] }, { typing: true });
        return isSingleKey(b) ? hit === null : hit === 'focusAsk';
      }),
    );
  });
});
