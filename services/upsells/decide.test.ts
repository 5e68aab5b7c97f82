import { describe, expect, test } from 'vitest';
import { DEFAULT_IMPRESSION_LIMITS, parseUpsellCatalogue } from '../shared/upsell-catalogue.js';
import { decideImpression, decideInteracted, type MarkCommand } from './decide.js';
import { evolveUpsellMarks, type UpsellMarks } from './events.js';

const catalogue = parseUpsellCatalogue(
  JSON.stringify([
    { name: 'gate', upsell_type: 'login', app_location: 'modal', title: 'Sign in', impression_counter: 'share_gate' },
    { name: 'pro', upsell_type: 'pro_upgrade', app_location: 'sidebar', title: 'Pro' },
  ]),
);
const now = new Date('2026-11-26T00:00:00Z');
const cmd = (name: string, instanceMatches = true): MarkCommand => ({
  subject: 'user:u1',
  upsell_name: name,
  upsell_instance_identifier: `${name}.id`,
  instanceMatches,
  now,
});

describe('interacted', () => {
  test('given no marks, a click is one UpsellInteracted; given it, nothing', () => {
    const events = decideInteracted({}, catalogue, cmd('pro'));
    expect(events).toEqual([
      {
        type: 'UpsellInteracted',
        data: { subject: 'user:u1', upsell_name: 'pro', upsell_instance_identifier: 'pro.id', app_location: 'sidebar', interacted_at: now.toISOString() },
      },
    ]);
    const marks = events.reduce<UpsellMarks>(evolveUpsellMarks, {});
    expect(decideInteracted(marks, catalogue, cmd('pro'))).toEqual([]);
  });
  test('an unknown upsell, or an instance not served to this caller, is not found', () => {
    expect(() => decideInteracted({}, catalogue, cmd('nope'))).toThrow(expect.objectContaining({ code: 'upsell_not_found' }));
    expect(() => decideInteracted({}, catalogue, cmd('pro', false))).toThrow(expect.objectContaining({ code: 'upsell_not_found' }));
  });
});

describe('impressions', () => {
  test('counted up to the limit, then nothing; an uncounted upsell is never counted', () => {
    let marks: UpsellMarks = {};
    for (let i = 0; i < 5; i++) marks = decideImpression(marks, catalogue, DEFAULT_IMPRESSION_LIMITS, cmd('gate')).reduce(evolveUpsellMarks, marks);
    expect(marks.gate).toEqual({ impressions: DEFAULT_IMPRESSION_LIMITS.share_gate, interacted: false });
    expect(decideImpression({}, catalogue, DEFAULT_IMPRESSION_LIMITS, cmd('pro'))).toEqual([]);
  });
});
