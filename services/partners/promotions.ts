// The payment provider's side of a promo code check: the promotion code itself, and what the
// provider knows of the person. Implemented on the billing provider (Stripe); null with billing off.
import type { PromoCustomer, PromotionFacts } from './promo-check.js';

export type PromotionLookup = {
  /** The promotion code named `code`, active or not; null when there is none. */
  findCode(code: string): Promise<PromotionFacts | null>;
  /** What the provider knows of the person (a visitor: nothing), for the first-time and region rules. */
  customer(userId: string | null, promotionCodeId: string): Promise<PromoCustomer>;
  /** The Pro and Max products a code must discount to be redeemed here. */
  subscriptionProducts(): Promise<string[]>;
};
