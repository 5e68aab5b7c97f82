// The visibility rules of seed 002 §4, as properties over any catalogue and any viewer.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { APP_LOCATIONS, DEFAULT_IMPRESSION_LIMITS, IMPRESSION_COUNTERS, UPSELL_TYPES, type UpsellEntry } from '../shared/upsell-catalogue.js';
import type { ClientTraits } from './client-traits.js';
import { type Audience, visibleUpsells } from './visibility.js';

const none = {
  merge_auth_token: null,
  merge_auth_callback_uuid: null,
  model_preference: null,
  permalink: null,
  permalink_new_tab: null,
  secondary_permalink: null,
  secondary_permalink_new_tab: null,
};
const upsell = fc.record({
  name: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  upsell_type: fc.constantFrom(...UPSELL_TYPES),
  app_location: fc.constantFrom(...APP_LOCATIONS),
  impression_counter: fc.option(fc.constantFrom(...IMPRESSION_COUNTERS), { nil: null }),
  model_preference: fc.option(fc.constantFrom('pplx_pro', 'other'), { nil: null }),
});
const catalogue = fc.uniqueArray(upsell, { selector: (u) => u.name, maxLength: 5 }).map((list) =>
  list.map(
    (u): UpsellEntry => ({
      name: u.name,
      upsell_type: u.upsell_type,
      app_location: u.app_location,
      title: 't',
      description: null,
      cta: null,
      button_text: null,
      image_asset: null,
      image_asset_low_res: null,
      cta_information: { ...none, model_preference: u.model_preference },
      upgrade_paywall_title: null,
      connector_type: null,
      recommended_shortcut: null,
      button_color: null,
      icon_reference: null,
      impression_counter: u.impression_counter,
    }),
  ),
);
const noTraits: ClientTraits = { samsungBrowser: false, windowsApp: false, assistantBrowser: false, firefoxDefaultSearch: false, partnershipCampaign: false };
const traits = fc.record({
  samsungBrowser: fc.boolean(),
  windowsApp: fc.boolean(),
  assistantBrowser: fc.boolean(),
  firefoxDefaultSearch: fc.boolean(),
  partnershipCampaign: fc.boolean(),
});
const viewer = fc.record({
  signedIn: fc.boolean(),
  isMax: fc.boolean(),
  isGovernmentOrigin: fc.boolean(),
  traits,
  threadId: fc.option(fc.uuid(), { nil: null }),
  marks: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.record({ impressions: fc.nat(5), interacted: fc.boolean() })),
}) satisfies fc.Arbitrary<Audience>;
const location = fc.constantFrom(...APP_LOCATIONS);
const MODELS = ['pplx_pro', 'fake'];
const run = (c: UpsellEntry[], l: (typeof APP_LOCATIONS)[number], v: Audience, billing = true) =>
  visibleUpsells(c, l, v, DEFAULT_IMPRESSION_LIMITS, { models: MODELS, billing });
const PAYWALL = ['pro_upgrade', 'enterprise_upgrade'];

describe('visible upsells', () => {
  test('only the place asked for, in catalogue order, never an interacted one nor one seen its limit of times', () => {
    fc.assert(
      fc.property(catalogue, location, viewer, (c, l, v) => {
        const shown = run(c, l, v);
        expect(shown.every((u) => u.app_location === l)).toBe(true);
        expect(shown).toEqual(c.filter((u) => shown.includes(u)));
        for (const u of shown) {
          expect(v.marks[u.name]?.interacted ?? false).toBe(false);
          if (u.impression_counter) expect(v.marks[u.name]?.impressions ?? 0).toBeLessThan(DEFAULT_IMPRESSION_LIMITS[u.impression_counter]);
        }
      }),
    );
  });

  test('the listed browsers, campaigns and government-origin profiles are served nothing', () => {
    fc.assert(
      fc.property(catalogue, location, viewer, (c, l, v) => {
        const hidden = v.isGovernmentOrigin || Object.values(v.traits).some(Boolean);
        if (hidden) expect(run(c, l, v)).toEqual([]);
      }),
    );
  });

  test('the paywall is skipped for visitors and Max subscribers; login is for visitors only', () => {
    fc.assert(
      fc.property(catalogue, location, viewer, (c, l, v) => {
        for (const u of run(c, l, v)) {
          if (u.upsell_type === 'pro_upgrade' || u.upsell_type === 'enterprise_upgrade') expect(v.signedIn && !v.isMax).toBe(true);
          if (u.upsell_type === 'login') expect(v.signedIn).toBe(false);
          if (u.upsell_type === 'thread_to_space') expect(v.threadId).not.toBeNull();
          if (u.upsell_type === 'rewrite_answer') expect(MODELS).toContain(u.cta_information.model_preference ?? 'pplx_pro');
        }
      }),
    );
  });

  test('where billing is off no paywall upsell is served, and the rest are as with billing on', () => {
    fc.assert(
      fc.property(catalogue, location, viewer, (c, l, v) => {
        const off = run(c, l, v, false);
        expect(off.some((u) => PAYWALL.includes(u.upsell_type))).toBe(false);
        expect(off).toEqual(run(c, l, v, true).filter((u) => !PAYWALL.includes(u.upsell_type)));
      }),
    );
  });

  test('a clean viewer who may see everything is served every upsell of the place but the excluded kinds', () => {
    fc.assert(
      fc.property(catalogue, location, (c, l) => {
        const v: Audience = { signedIn: true, isMax: false, isGovernmentOrigin: false, traits: noTraits, threadId: 't', marks: {} };
        const expected = c.filter(
          (u) => u.app_location === l && u.upsell_type !== 'login' && !(u.upsell_type === 'rewrite_answer' && u.cta_information.model_preference === 'other'),
        );
        expect(run(c, l, v)).toEqual(expected);
      }),
    );
  });
});
