import { describe, expect, test } from 'vitest';
import { inRanges, parseCidrList } from './cidr.js';
import { defaultCatalogue, fileLimitsOf, parsePlanCatalogue, planOfPrice } from './plan-catalogue.js';

describe('the plan catalogue', () => {
  test('defaults: four plans, Max above Pro, file limits from FILE_LIMITS', () => {
    const plans = defaultCatalogue();
    expect(Object.keys(plans)).toEqual(['free', 'pro', 'max', 'enterprise']);
    expect(plans.max.capabilities).toEqual({ unlimitedProSearch: true, maxModelSelection: true, unlimitedResearch: true, fileUpload: true });
    expect(plans.pro.capabilities.maxModelSelection).toBe(false);
    expect(fileLimitsOf(plans).pro).toEqual({ per_repository: 500, per_user: 5000 });
    expect(planOfPrice(plans, 'price_max_yearly')).toEqual({ plan: 'max', interval: 'yearly' });
    expect(planOfPrice(plans, 'price_unknown')).toBeNull();
  });

  test('a file replaces the plans it names and keeps the others', () => {
    const text = JSON.stringify({
      pro: {
        name: 'Pro',
        limits: { files_per_repository: 7, files_per_person: 9 },
        capabilities: { unlimitedProSearch: true, maxModelSelection: false, unlimitedResearch: true, fileUpload: true },
        prices: { monthly: { stripe_price_id: 'price_live_pro', amount_minor: 1700, currency: 'eur' } },
      },
    });
    const plans = parsePlanCatalogue(text, defaultCatalogue());
    expect(plans.pro).toMatchObject({ id: 'pro', limits: { files_per_repository: 7, files_per_person: 9 }, prices: { monthly: { currency: 'eur' } } });
    expect(plans.pro.prices.yearly).toBeUndefined();
    expect(fileLimitsOf(plans).pro).toEqual({ per_repository: 7, per_user: 9 });
    expect(plans.max).toEqual(defaultCatalogue().max);
    // Written before tasks: the plan's default task limits hold.
    expect(plans.pro.limits).toMatchObject({ tasks: 50, price_alerts: 20 });
  });

  test('a plans file may set the task and price alert limits', () => {
    const pro = { ...defaultCatalogue().pro, limits: { files_per_repository: 7, files_per_person: 9, tasks: 3, price_alerts: 0 } };
    const { id: _id, ...plan } = pro;
    expect(parsePlanCatalogue(JSON.stringify({ pro: plan }), defaultCatalogue()).pro.limits).toMatchObject({ tasks: 3, price_alerts: 0 });
    expect(defaultCatalogue().free.limits).toMatchObject({ tasks: 5, price_alerts: 2 });
  });

  test('bad files are refused with a message naming the place', () => {
    expect(() => parsePlanCatalogue('{', defaultCatalogue())).toThrow('is not JSON');
    expect(() => parsePlanCatalogue('{"gold": {}}', defaultCatalogue())).toThrow(/gold/);
    const dup = JSON.stringify({
      pro: {
        name: 'Pro',
        limits: defaultCatalogue().pro.limits,
        capabilities: defaultCatalogue().pro.capabilities,
        prices: { monthly: { stripe_price_id: 'price_max_monthly', amount_minor: 1, currency: 'usd' } },
      },
    });
    expect(() => parsePlanCatalogue(dup, defaultCatalogue())).toThrow(/price_max_monthly/);
  });
});

describe('government address ranges', () => {
  test('IPv4 and IPv6 ranges, IPv4-mapped addresses, and bad input', () => {
    const ranges = parseCidrList('192.0.2.0/24, 2001:db8::/32, 198.51.100.7');
    expect(ranges).toEqual(['192.0.2.0/24', '2001:db8::/32', '198.51.100.7/32']);
    expect(inRanges('192.0.2.55', ranges)).toBe(true);
    expect(inRanges('::ffff:192.0.2.55', ranges)).toBe(true);
    expect(inRanges('2001:db8:1::1', ranges)).toBe(true);
    expect(inRanges('198.51.100.8', ranges)).toBe(false);
    expect(inRanges('not an address', ranges)).toBe(false);
    expect(() => parseCidrList('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an address range');
  });
});
