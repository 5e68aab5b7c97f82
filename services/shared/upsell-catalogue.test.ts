import { describe, expect, test } from 'vitest';
import { DEFAULT_UPSELLS, parseImpressionLimits, parseUpsellCatalogue } from './upsell-catalogue.js';
import { ConfigError, loadConfig } from './config.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const one = (fields: Record<string, unknown>) => JSON.stringify([{ name: 'x', upsell_type: 'login', app_location: 'sidebar', title: 'Hi', ...fields }]);
const refusal = (text: string) => {
  try {
    parseUpsellCatalogue(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`expected ${text} to be refused`);
};

describe('the catalogue file', () => {
  test('every field of the seed is read; left-out ones are null', () => {
    const [u] = parseUpsellCatalogue(
      JSON.stringify([
        {
          name: 'student_space',
          upsell_type: 'shortcut',
          app_location: 'in_thread_input',
          title: ' Study smarter ',
          description: 'd',
          cta: 'c',
          button_text: 'Try it',
          image_asset: 'https://cdn.example.com/a.png',
          image_asset_low_res: '/a-low.png',
          cta_information: { merge_auth_token: 't', merge_auth_callback_uuid: 'u', model_preference: 'm', permalink: '/x', permalink_new_tab: true },
          upgrade_paywall_title: 'p',
          connector_type: 'google_calendar',
          recommended_shortcut: { name: 'Summarise', prompt: 'Summarise this' },
          button_color: 'max_gold',
          icon_reference: 'labs',
          impression_counter: 'student_space',
        },
      ]),
    );
    expect(u).toMatchObject({
      title: 'Study smarter',
      button_color: 'max_gold',
      icon_reference: 'labs',
      recommended_shortcut: { name: 'Summarise', prompt: 'Summarise this' },
      cta_information: { permalink: '/x', permalink_new_tab: true, secondary_permalink: null, secondary_permalink_new_tab: null },
      impression_counter: 'student_space',
    });
    const [bare] = parseUpsellCatalogue(one({}));
    expect(bare).toMatchObject({ description: null, button_text: null, recommended_shortcut: null, button_color: null, icon_reference: null });
    expect(bare.cta_information.permalink).toBeNull();
  });

  test.each([
    ['{', 'is not JSON'],
    ['{}', 'must be a JSON array'],
    [one({ app_location: 'footer' }), 'item 1 ("x"): app_location must be one of modal, in_thread, in_thread_bottom, in_thread_input, sidebar, side_card'],
    [one({ upsell_type: 'spam' }), 'item 1 ("x"): upsell_type must be one of'],
    [one({ button_color: 'red' }), 'button_color must be one of max_gold, primary, inverted, secondary'],
    [one({ icon_reference: 'x' }), 'icon_reference must be one of labs, comet_download'],
    [one({ title: '  ' }), 'title must not be blank'],
    [one({ name: 'Bad Name' }), 'name must be 1 to 100 lower-case letters'],
    [one({ colour: 'x' }), 'has unknown field(s) colour'],
    [one({ cta_information: { permalink: 'javascript:alert(1)' } }), 'cta_information.permalink must be a path starting with / or an http(s):// URL'],
    [one({ image_asset: '//evil.example.com/x.png' }), 'image_asset must be a path'],
    [one({ upsell_type: 'image_announcement', image_asset: '/a.png', button_text: 'Go' }), 'image_asset_low_res is required for an image announcement'],
    [one({ upsell_type: 'permalink' }), 'cta_information.permalink is required for a permalink upsell'],
    [one({ upsell_type: 'shortcut' }), 'recommended_shortcut is required for a shortcut upsell'],
    [one({ upsell_type: 'connector' }), 'connector_type is required for a connector upsell'],
    [one({ impression_counter: 'forever' }), 'impression_counter must be one of welcome_back, share_gate, student_space'],
  ])('%s is refused: %s', (text, message) => {
    expect(refusal(text)).toContain(message);
  });

  test('names are unique', () => {
    const text = JSON.stringify([JSON.parse(one({}))[0], JSON.parse(one({}))[0]]);
    expect(refusal(text)).toBe('item 2 ("x"): name is used by an earlier item');
  });

  test('the built-in catalogue has the seed campaigns pro_upgrade and auto_upgrade_to_pro', () => {
    expect(DEFAULT_UPSELLS.map((u) => u.name)).toEqual(['pro_upgrade', 'auto_upgrade_to_pro']);
    expect(DEFAULT_UPSELLS[1].cta_information.model_preference).toBe('pplx_pro');
  });
});

describe('impression limits', () => {
  test('defaults, and each counter set on its own', () => {
    expect(parseImpressionLimits('')).toEqual({ welcome_back: 3, share_gate: 3, student_space: 3 });
    expect(parseImpressionLimits(' share_gate=5 , student_space=1')).toEqual({ welcome_back: 3, share_gate: 5, student_space: 1 });
  });
  test.each(['share_gate=0', 'share_gate', 'other=2', 'share_gate=-1', 'share_gate=1.5'])('%s is refused', (text) => {
    expect(() => parseImpressionLimits(text)).toThrow('is not counter=times');
  });
});

describe('configuration', () => {
  test('UPSELLS_FILE and UPSELL_IMPRESSION_LIMITS are read; errors name the variable', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'upsells-')), 'u.json');
    writeFileSync(file, one({}));
    expect(loadConfig({ UPSELLS_FILE: file, UPSELL_IMPRESSION_LIMITS: 'welcome_back=9' }).upsells).toMatchObject({
      catalogue: [{ name: 'x' }],
      impressionLimits: { welcome_back: 9 },
    });
    expect(loadConfig({}).upsells.catalogue).toBe(DEFAULT_UPSELLS);
    writeFileSync(file, one({ app_location: 'nowhere' }));
    expect(() => loadConfig({ UPSELLS_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSELLS_FILE: file })).toThrow('UPSELLS_FILE: item 1 ("x"): app_location must be one of');
    expect(() => loadConfig({ UPSELLS_FILE: join(tmpdir(), 'missing-upsells.json') })).toThrow('UPSELLS_FILE: cannot be read (ENOENT)');
    expect(() => loadConfig({ UPSELL_IMPRESSION_LIMITS: 'x=1' })).toThrow('UPSELL_IMPRESSION_LIMITS: "x=1" is not counter=times');
  });
});
