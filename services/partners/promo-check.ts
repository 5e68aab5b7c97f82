// Whether a promo code may be redeemed by this person now (seed 002 §8, "Promo and partner codes"),
// judged from the payment provider's promotion code and what is known of the customer. Pure: the
// caller reads the provider (and maps its objects to PromotionFacts). The web client shows each
// code's text from the seed's table.
import type { PromotionCodeFacts } from '../billing/index.js';

export const PROMO_ERROR_CODES = [
  'PROMO_CODE_CUSTOMER_NOT_FIRST_TIME',
  'EXPIRED',
  'ALREADY_REDEEMED',
  'INVALID_PRODUCT',
  'INVALID_COUNTRY',
  'INVALID',
] as const;
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[number];

export type PromoCustomer = {
  /** Whether the person ever paid for a subscription (a code for first-time customers is not theirs). */
  hasSubscribedBefore: boolean;
  /** Whether this customer already redeemed this promotion code. */
  redeemedThisCode: boolean;
  /** ISO 3166 alpha-2 country, when known. */
  country: string | null;
};

/** A promotion code as the payment provider holds it: billing's facts of it (its provider maps Stripe's objects). */
export type PromotionFacts = PromotionCodeFacts;

/** The subscription products a promo code may discount (Pro and Max); others belong to the Enterprise flow. */
export type PromoContext = { now: Date; customer: PromoCustomer; subscriptionProducts: readonly string[] };

/** `null` when the code may be redeemed, else the reason, in the order a person can act on it. */
export function judgePromotion(promo: PromotionFacts | null, ctx: PromoContext): PromoErrorCode | null {
  if (!promo) return 'INVALID';
  const { coupon } = promo;
  const nowSeconds = ctx.now.getTime() / 1000;
  const expired = (promo.expires_at !== null && promo.expires_at <= nowSeconds) || (coupon.redeem_by !== null && coupon.redeem_by <= nowSeconds);
  if (expired) return 'EXPIRED';
  const usedUp = used(promo.max_redemptions, promo.times_redeemed) || used(coupon.max_redemptions, coupon.times_redeemed);
  // Stripe turns a code inactive once it is used up: say so rather than "invalid".
  if (!promo.active || !coupon.valid) return usedUp ? 'ALREADY_REDEEMED' : 'INVALID';
  if (ctx.customer.redeemedThisCode || usedUp) return 'ALREADY_REDEEMED';
  if (promo.first_time_transaction && ctx.customer.hasSubscribedBefore) return 'PROMO_CODE_CUSTOMER_NOT_FIRST_TIME';
  if (coupon.product_ids.length > 0 && !coupon.product_ids.some((p) => ctx.subscriptionProducts.includes(p))) return 'INVALID_PRODUCT';
  if (coupon.countries.length > 0 && (!ctx.customer.country || !coupon.countries.includes(ctx.customer.country.toUpperCase()))) return 'INVALID_COUNTRY';
  return null;
}

const used = (max: number | null, times: number) => max !== null && times >= max;
