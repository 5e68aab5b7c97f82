// The person's settings as rules: given their past events, a command decides new events or is refused.
import { describe, expect, test } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import {
  decideAddSiteInstruction,
  decideDefaultModel,
  decideEditSiteInstruction,
  decidePersonalization,
  decidePreferences,
  decideRemoveSiteInstruction,
} from './decide.js';
import { DEFAULT_PREFERENCES, evolveAccountSettings, initialAccountSettings, type Preferences } from './events.js';
import { ABOUT_ME_MAX, SITE_INSTRUCTIONS_MAX_COUNT, SITE_INSTRUCTIONS_MAX_LENGTH } from './limits.js';
import { normaliseSiteDomain } from './site-domain.js';

const settings = decider(evolveAccountSettings, initialAccountSettings, 'account-settings-u1');
const now = new Date('2026-03-04T05:06:07.000Z');
const who = { userId: 'u1', now };
const at = now.toISOString();
const saved = (domain: string, instructions = 'Be brief.') => ({ type: 'SiteInstructionSaved', data: { user_id: 'u1', domain, instructions, saved_at: at } });
const prefs = (p: Partial<Preferences>): Preferences => ({ ...DEFAULT_PREFERENCES, ...p });

describe('preferences', () => {
  test('a change records all four preferences and when', () => {
    settings
      .given()
      .when((s) =>
        decidePreferences(s, { ...who, preferences: prefs({ theme: 'dark', answer_language: 'fr', default_search_mode: 'web', incognito_by_default: true }) }),
      )
      .then([
        {
          type: 'PreferencesChanged',
          data: { user_id: 'u1', theme: 'dark', answer_language: 'fr', default_search_mode: 'web', incognito_by_default: true, changed_at: at },
        },
      ]);
  });

  test('saving what is already saved changes nothing', () => {
    settings
      .given()
      .when((s) => decidePreferences(s, { ...who, preferences: DEFAULT_PREFERENCES }))
      .then([]);
    const dark = decidePreferences(initialAccountSettings, { ...who, preferences: prefs({ theme: 'dark' }) });
    settings
      .given(dark)
      .when((s) => decidePreferences(s, { ...who, preferences: prefs({ theme: 'dark' }) }))
      .then([]);
  });

  test('an unknown theme, language or search mode is refused with its own code', () => {
    const bad = (p: Record<string, unknown>) => (s: typeof initialAccountSettings) =>
      decidePreferences(s, { ...who, preferences: prefs(p as Partial<Preferences>) });
    settings
      .given()
      .when(bad({ theme: 'purple' }))
      .then(refused('invalid', 'invalid_theme'));
    settings
      .given()
      .when(bad({ answer_language: 'xx' }))
      .then(refused('invalid', 'invalid_answer_language'));
    settings
      .given()
      .when(bad({ answer_language: 'toString' }))
      .then(refused('invalid', 'invalid_answer_language'));
    settings
      .given()
      .when(bad({ default_search_mode: 'deep' }))
      .then(refused('invalid', 'invalid_search_mode'));
  });
});

describe('personalization', () => {
  test('"about me" is kept trimmed with the style', () => {
    settings
      .given()
      .when((s) => decidePersonalization(s, { ...who, personalization: { about_me: '  I teach physics.\n', answer_style: 'concise' } }))
      .then([{ type: 'PersonalizationChanged', data: { user_id: 'u1', about_me: 'I teach physics.', answer_style: 'concise', changed_at: at } }]);
  });

  test('the limit counts characters as people do: 1,500 emoji fit, one more does not', () => {
    const emoji = '🙂'.repeat(ABOUT_ME_MAX); // 3,000 UTF-16 units
    expect(decidePersonalization(initialAccountSettings, { ...who, personalization: { about_me: emoji, answer_style: 'default' } })).toHaveLength(1);
    settings
      .given()
      .when((s) => decidePersonalization(s, { ...who, personalization: { about_me: `${emoji}!`, answer_style: 'default' } }))
      .then(refused('invalid', 'about_me_too_long'));
  });

  test('an unknown style is refused; the same text and style again changes nothing', () => {
    settings
      .given()
      .when((s) => decidePersonalization(s, { ...who, personalization: { about_me: '', answer_style: 'pirate' as 'default' } }))
      .then(refused('invalid', 'invalid_answer_style'));
    settings
      .given()
      .when((s) => decidePersonalization(s, { ...who, personalization: { about_me: '   ', answer_style: 'default' } }))
      .then([]);
  });
});

describe('default model', () => {
  const configured = ['llama3', 'qwen2'];
  test('a configured model is chosen; an unknown one is refused', () => {
    settings
      .given()
      .when((s) => decideDefaultModel(s, { ...who, model: 'qwen2', configured, mayChoose: true }))
      .then([{ type: 'DefaultModelChosen', data: { user_id: 'u1', model: 'qwen2', chosen_at: at } }]);
    settings
      .given()
      .when((s) => decideDefaultModel(s, { ...who, model: 'gpt-9', configured, mayChoose: true }))
      .then(refused('invalid', 'unknown_model'));
    const chosen = [{ type: 'DefaultModelChosen', data: { user_id: 'u1', model: 'qwen2', chosen_at: at } }];
    settings
      .given(chosen)
      .when((s) => decideDefaultModel(s, { ...who, model: 'qwen2', configured, mayChoose: true }))
      .then([]);
  });

  test("without the plan's maxModelSelection only the server's first model may be chosen; an unknown one is still unknown", () => {
    settings
      .given()
      .when((s) => decideDefaultModel(s, { ...who, model: 'qwen2', configured, mayChoose: false }))
      .then(refused('forbidden', 'model_selection_not_in_plan'));
    settings
      .given()
      .when((s) => decideDefaultModel(s, { ...who, model: 'llama3', configured, mayChoose: false }))
      .then([{ type: 'DefaultModelChosen', data: { user_id: 'u1', model: 'llama3', chosen_at: at } }]);
    settings
      .given()
      .when((s) => decideDefaultModel(s, { ...who, model: 'gpt-9', configured, mayChoose: false }))
      .then(refused('invalid', 'unknown_model'));
  });
});

describe('site instructions', () => {
  test('a pasted address is kept under its normalised domain', () => {
    settings
      .given()
      .when((s) => decideAddSiteInstruction(s, { ...who, domain: 'https://www.Example.COM/path?q=1', instructions: '  Prefer the docs. ' }))
      .then([saved('example.com', 'Prefer the docs.')]);
  });

  test('adding a site twice (in any spelling) is a conflict; editing a missing one is not found', () => {
    settings
      .given([saved('example.com')])
      .when((s) => decideAddSiteInstruction(s, { ...who, domain: 'EXAMPLE.com.', instructions: 'x' }))
      .then(refused('conflict', 'site_instruction_exists'));
    settings
      .given()
      .when((s) => decideEditSiteInstruction(s, { ...who, domain: 'example.com', instructions: 'x' }))
      .then(refused('not_found', 'site_instruction_not_found'));
    settings
      .given()
      .when((s) => decideRemoveSiteInstruction(s, { ...who, domain: 'example.com' }))
      .then(refused('not_found', 'site_instruction_not_found'));
  });

  test('edit and remove', () => {
    settings
      .given([saved('example.com')])
      .when((s) => decideEditSiteInstruction(s, { ...who, domain: 'example.com', instructions: 'New.' }))
      .then([saved('example.com', 'New.')]);
    settings
      .given([saved('example.com')])
      .when((s) => decideEditSiteInstruction(s, { ...who, domain: 'example.com', instructions: 'Be brief.' }))
      .then([]);
    settings
      .given([saved('example.com')])
      .when((s) => decideRemoveSiteInstruction(s, { ...who, domain: 'example.com' }))
      .then([{ type: 'SiteInstructionRemoved', data: { user_id: 'u1', domain: 'example.com', removed_at: at } }]);
    const after = settings.fold([saved('example.com'), { type: 'SiteInstructionRemoved', data: { user_id: 'u1', domain: 'example.com', removed_at: at } }]);
    expect(after.sites).toEqual({});
  });

  test('bad domains, blank or long instructions and one site too many are refused with stable codes', () => {
    for (const domain of ['localhost', '127.0.0.1', 'co.uk', 'not a domain', 'a..b', '-x.com', 'http://', ''])
      settings
        .given()
        .when((s) => decideAddSiteInstruction(s, { ...who, domain, instructions: 'x' }))
        .then(refused('invalid', 'invalid_domain'));
    settings
      .given()
      .when((s) => decideAddSiteInstruction(s, { ...who, domain: 'example.com', instructions: ' \n ' }))
      .then(refused('invalid', 'instructions_required'));
    settings
      .given()
      .when((s) => decideAddSiteInstruction(s, { ...who, domain: 'example.com', instructions: 'x'.repeat(SITE_INSTRUCTIONS_MAX_LENGTH + 1) }))
      .then(refused('invalid', 'instructions_too_long'));
    const full = Array.from({ length: SITE_INSTRUCTIONS_MAX_COUNT }, (_, i) => saved(`site${i}.com`));
    settings
      .given(full)
      .when((s) => decideAddSiteInstruction(s, { ...who, domain: 'one-more.com', instructions: 'x' }))
      .then(refused('conflict', 'too_many_site_instructions'));
  });
});

describe('normaliseSiteDomain', () => {
  test.each([
    ['Example.com', 'example.com'],
    ['www.example.co.uk', 'example.co.uk'],
    ['https://docs.example.com:8443/a', 'docs.example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['www.com', 'www.com'],
    ['example', null],
    ['[::1]', null],
    ['exa_mple.com', null],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseSiteDomain(raw)).toBe(expected);
  });
});
