import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgePromotion, PROMO_ERROR_CODES, type PromoContext, type PromotionFacts } from './promo-check.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const now = NOW.getTime() / 1000;
const PRO = 'prod_pro';

type Over = { promo?: Partial<Omit<PromotionFacts, 'coupon'>>; coupon?: Partial<PromotionFacts['coupon']> };
function promo(over: Over = {}): PromotionFacts {
  return {
    id: 'promo_1',
    active: true,
    expires_at: null,
    max_redemptions: null,
    times_redeemed: 0,
    first_time_transaction: false,
    ...over.promo,
    coupon: { valid: true, redeem_by: null, max_redemptions: null, times_redeemed: 0, product_ids: [], countries: [], ...over.coupon },
  };
}
const ctx = (customer: Partial<PromoContext['customer']> = {}): PromoContext => ({
  now: NOW,
  customer: { hasSubscribedBefore: false, redeemedThisCode: false, country: 'US', ...customer },
  subscriptionProducts: [PRO, 'prod_max'],
});

describe('judging a promo code (seed 002 §8)', () => {
  it('takes a good code', () => expect(judgePromotion(promo(), ctx())).toBeNull());

  it('gives each refusal its code', () => {
    expect(judgePromotion(null, ctx())).toBe('INVALID');
    expect(judgePromotion(promo({ promo: { expires_at: now - 1 } }), ctx())).toBe('EXPIRED');
    expect(judgePromotion(promo({ coupon: { redeem_by: now } }), ctx())).toBe('EXPIRED');
    expect(judgePromotion(promo({ promo: { max_redemptions: 5, times_redeemed: 5 } }), ctx())).toBe('ALREADY_REDEEMED');
    expect(judgePromotion(promo({ promo: { active: false, max_redemptions: 1, times_redeemed: 1 } }), ctx())).toBe('ALREADY_REDEEMED');
    expect(judgePromotion(promo(), ctx({ redeemedThisCode: true }))).toBe('ALREADY_REDEEMED');
    expect(judgePromotion(promo({ promo: { first_time_transaction: true } }), ctx({ hasSubscribedBefore: true }))).toBe('PROMO_CODE_CUSTOMER_NOT_FIRST_TIME');
    expect(judgePromotion(promo({ promo: { first_time_transaction: true } }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { product_ids: ['prod_enterprise'] } }), ctx())).toBe('INVALID_PRODUCT');
    expect(judgePromotion(promo({ coupon: { product_ids: ['prod_enterprise', PRO] } }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { countries: ['JP', 'KR'] } }), ctx())).toBe('INVALID_COUNTRY');
    expect(judgePromotion(promo({ coupon: { countries: ['JP', 'US'] } }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { countries: ['JP'] } }), ctx({ country: null }))).toBe('INVALID_COUNTRY');
    expect(judgePromotion(promo({ promo: { active: false } }), ctx())).toBe('INVALID');
    expect(judgePromotion(promo({ coupon: { valid: false } }), ctx())).toBe('INVALID');
  });

  it('always answers a code of the table, and an expired code is expired whatever else holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          active: fc.boolean(),
          expiresIn: fc.option(fc.integer({ min: -1000, max: 1000 })),
          max: fc.option(fc.nat(3)),
          times: fc.nat(4),
          firstTime: fc.boolean(),
          valid: fc.boolean(),
          subscribed: fc.boolean(),
          redeemed: fc.boolean(),
        }),
        (r) => {
          const p = promo({
            promo: {
              active: r.active,
              expires_at: r.expiresIn === null ? null : now + r.expiresIn,
              max_redemptions: r.max,
              times_redeemed: r.times,
              first_time_transaction: r.firstTime,
            },
            coupon: { valid: r.valid },
          });
          const result = judgePromotion(p, ctx({ hasSubscribedBefore: r.subscribed, redeemedThisCode: r.redeemed }));
          expect(result === null || PROMO_ERROR_CODES.includes(result)).toBe(true);
          if (r.expiresIn !== null && r.expiresIn <= 0) expect(result).toBe('EXPIRED');
          if (result === null) expect(r.active && r.valid && !r.redeemed && !(r.firstTime && r.subscribed)).toBe(true);
        },
      ),
    );
  });
});
