import fc from 'fast-check';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { judgePromotion, PROMO_ERROR_CODES, type PromoContext } from './promo-check.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const now = NOW.getTime() / 1000;
const PRO = 'prod_pro';

function promo(over: { promo?: Partial<Stripe.PromotionCode>; coupon?: Partial<Stripe.Coupon>; firstTime?: boolean } = {}): Stripe.PromotionCode {
  const coupon = {
    id: 'co_1',
    object: 'coupon',
    valid: true,
    redeem_by: null,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: {},
    ...over.coupon,
  } as Stripe.Coupon;
  return {
    id: 'promo_1',
    object: 'promotion_code',
    active: true,
    code: 'WELCOME',
    created: now - 100,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { type: 'coupon', coupon },
    restrictions: { first_time_transaction: over.firstTime ?? false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
    ...over.promo,
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
    expect(judgePromotion(promo({ firstTime: true }), ctx({ hasSubscribedBefore: true }))).toBe('PROMO_CODE_CUSTOMER_NOT_FIRST_TIME');
    expect(judgePromotion(promo({ firstTime: true }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { applies_to: { products: ['prod_enterprise'] } } }), ctx())).toBe('INVALID_PRODUCT');
    expect(judgePromotion(promo({ coupon: { applies_to: { products: ['prod_enterprise', PRO] } } }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { metadata: { countries: 'JP, KR' } } }), ctx())).toBe('INVALID_COUNTRY');
    expect(judgePromotion(promo({ coupon: { metadata: { countries: 'JP,us' } } }), ctx())).toBeNull();
    expect(judgePromotion(promo({ coupon: { metadata: { countries: 'JP' } } }), ctx({ country: null }))).toBe('INVALID_COUNTRY');
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
            promo: { active: r.active, expires_at: r.expiresIn === null ? null : now + r.expiresIn, max_redemptions: r.max, times_redeemed: r.times },
            coupon: { valid: r.valid },
            firstTime: r.firstTime,
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
