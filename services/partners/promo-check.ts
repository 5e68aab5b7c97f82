// Whether a promo code may be redeemed by this person now (seed 002 §8, "Promo and partner codes"),
// judged from the Stripe promotion code and what is known of the customer. Pure: the caller reads
// Stripe. The web client shows each code's text from the seed's table.
import type Stripe from 'stripe';

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

/** The subscription products a promo code may discount (Pro and Max); others belong to the Enterprise flow. */
export type PromoContext = { now: Date; customer: PromoCustomer; subscriptionProducts: readonly string[] };

/** `null` when the code may be redeemed, else the reason, in the order a person can act on it. */
export function judgePromotion(promo: Stripe.PromotionCode | null, ctx: PromoContext): PromoErrorCode | null {
  if (!promo) return 'INVALID';
  const coupon = typeof promo.promotion.coupon === 'object' ? promo.promotion.coupon : null;
  if (!coupon) return 'INVALID';
  const nowSeconds = ctx.now.getTime() / 1000;
  const expired = (promo.expires_at !== null && promo.expires_at <= nowSeconds) || (coupon.redeem_by !== null && coupon.redeem_by <= nowSeconds);
  if (expired) return 'EXPIRED';
  if (!promo.active || !coupon.valid) {
    // Stripe turns a code inactive once it is used up: say so rather than "invalid".
    return used(promo.max_redemptions, promo.times_redeemed) || used(coupon.max_redemptions, coupon.times_redeemed) ? 'ALREADY_REDEEMED' : 'INVALID';
  }
  if (ctx.customer.redeemedThisCode || used(promo.max_redemptions, promo.times_redeemed) || used(coupon.max_redemptions, coupon.times_redeemed))
    return 'ALREADY_REDEEMED';
  if (promo.restrictions.first_time_transaction && ctx.customer.hasSubscribedBefore) return 'PROMO_CODE_CUSTOMER_NOT_FIRST_TIME';
  const products = coupon.applies_to?.products;
  if (products && products.length > 0 && !products.some((p) => ctx.subscriptionProducts.includes(p))) return 'INVALID_PRODUCT';
  const countries = countriesOf(coupon.metadata?.countries ?? promo.metadata?.countries);
  if (countries && (!ctx.customer.country || !countries.includes(ctx.customer.country.toUpperCase()))) return 'INVALID_COUNTRY';
  return null;
}

const used = (max: number | null, times: number) => max !== null && times >= max;

/** A coupon limited to some countries names them in its metadata: `countries: "US,CA"`. */
function countriesOf(value: string | undefined): string[] | null {
  const list = (value ?? '')
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{2}$/.test(c));
  return list.length ? list : null;
}
