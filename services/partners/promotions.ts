// The payment provider's side of a promo code check: the promotion code itself, and what the
// provider knows of the person. Implemented on Stripe (stripe-promotions.ts); null with billing off.
import type Stripe from 'stripe';
import type { PromoCustomer } from './promo-check.js';

export type PromotionLookup = {
  /** The active-or-not promotion code named `code` (case as typed), with its coupon expanded; null when none. */
  findCode(code: string): Promise<Stripe.PromotionCode | null>;
  /** What the provider knows of the person (a visitor: nothing), for the first-time and region rules. */
  customer(userId: string | null, promotionCodeId: string): Promise<PromoCustomer>;
  /** The Pro and Max products a code must discount to be redeemed here. */
  subscriptionProducts(): Promise<string[]>;
};
