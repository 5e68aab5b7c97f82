// Properties of the settings' rules over any sequence of commands: the state folded from the
// decided events is what the commands asked for, and a repeated command decides nothing.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { DomainError } from '../shared/domain-error.js';
import { decideAddSiteInstruction, decideEditSiteInstruction, decidePersonalization, decidePreferences, decideRemoveSiteInstruction } from './decide.js';
import { type AccountSettingsState, ANSWER_STYLES, evolveAccountSettings, initialAccountSettings, SEARCH_MODES, THEMES } from './events.js';
import { ABOUT_ME_MAX, SITE_INSTRUCTIONS_MAX_COUNT } from './limits.js';

const now = new Date('2026-01-01T00:00:00Z');
const who = { userId: 'u1', now };
const fold = (state: AccountSettingsState, events: { type: string; data: unknown }[]) =>
  events.reduce(
    (s, e) => evolveAccountSettings(s, { ...e, globalPosition: '1', streamId: 's', streamVersion: 1, metadata: {}, recordedAt: now } as StoredEvent),
    state,
  );

const domain = fc.constantFrom('example.com', 'EXAMPLE.com', 'www.example.com', 'docs.example.org', 'https://news.example.net/x', 'bad domain', 'localhost');
const text = fc.string({ maxLength: 40 });
const command = fc.oneof(
  fc.record({
    kind: fc.constant('prefs' as const),
    theme: fc.constantFrom(...THEMES),
    answer_language: fc.constantFrom('auto', 'en', 'fr', 'ja', 'xx'),
    default_search_mode: fc.constantFrom(...SEARCH_MODES),
    incognito_by_default: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('personal' as const),
    about_me: fc.oneof(text, fc.constant('a'.repeat(ABOUT_ME_MAX + 1))),
    answer_style: fc.constantFrom(...ANSWER_STYLES),
  }),
  fc.record({ kind: fc.constantFrom('add' as const, 'edit' as const), domain, instructions: text }),
  fc.record({ kind: fc.constant('remove' as const), domain }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

function decide(s: AccountSettingsState, c: Command) {
  switch (c.kind) {
    case 'prefs':
      return decidePreferences(s, { ...who, preferences: c });
    case 'personal':
      return decidePersonalization(s, { ...who, personalization: c });
    case 'add':
      return decideAddSiteInstruction(s, { ...who, domain: c.domain, instructions: c.instructions });
    case 'edit':
      return decideEditSiteInstruction(s, { ...who, domain: c.domain, instructions: c.instructions });
    case 'remove':
      return decideRemoveSiteInstruction(s, { ...who, domain: c.domain });
  }
}

test('any sequence of commands: accepted ones take effect, refusals change nothing, repeats decide nothing, bounds hold', () => {
  fc.assert(
    fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
      let state = initialAccountSettings;
      for (const c of commands) {
        let events: { type: string; data: unknown }[];
        try {
          events = decide(state, c);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          continue;
        }
        state = fold(state, events);
        if (c.kind === 'prefs')
          expect(state.preferences).toEqual({
            theme: c.theme,
            answer_language: c.answer_language,
            default_search_mode: c.default_search_mode,
            incognito_by_default: c.incognito_by_default,
          });
        if (c.kind === 'personal') expect(state.personalization).toEqual({ about_me: c.about_me.trim(), answer_style: c.answer_style });
        // Saying the same thing again decides nothing (a removal cannot be repeated: the site is gone).
        if (c.kind === 'prefs' || c.kind === 'personal' || c.kind === 'edit') expect(decide(state, c)).toEqual([]);
        if (c.kind === 'add') expect(() => decide(state, c)).toThrow(DomainError);
        for (const [d, instructions] of Object.entries(state.sites)) {
          expect(d).toMatch(/^[a-z0-9.-]+$/);
          expect(instructions.trim()).toBe(instructions);
          expect(instructions.length).toBeGreaterThan(0);
        }
        expect(Object.keys(state.sites).length).toBeLessThanOrEqual(SITE_INSTRUCTIONS_MAX_COUNT);
        expect(state.personalization.about_me.length).toBeLessThanOrEqual(ABOUT_ME_MAX);
      }
    }),
  );
});
