// The partners' promo code check on billing's provider: the code's facts from Stripe, whether the
// person subscribed before from billing's read model, and the products of the Pro and Max prices
// (looked up once: a plan's prices change only with the configuration, at a restart).
import type { Db } from '../db/database.js';
import { hasSubscribedBefore, type PlanRules } from '../billing/index.js';
import type { BillingProvider } from '../billing/index.js';
import type { PromotionLookup } from '../partners/index.js';

export function promotionLookup(db: Db, provider: BillingProvider, rules: PlanRules): PromotionLookup {
  let products: Promise<string[]> | null = null;
  const priceIds = (['pro', 'max'] as const).flatMap((plan) => Object.values(rules.plans[plan].prices).map((p) => p.stripe_price_id));
  return {
    findCode: (code) => provider.promotionCodeFacts(code),
    // The country is not known here (no billing address before checkout): a code limited to some
    // countries is refused with INVALID_COUNTRY rather than taken on trust; Stripe checks it again at checkout.
    customer: async (userId) => ({ hasSubscribedBefore: userId ? await hasSubscribedBefore(db, userId) : false, redeemedThisCode: false, country: null }),
    subscriptionProducts: () => {
      products ??= provider.productIdsOf(priceIds).catch((err) => {
        products = null;
        throw err;
      });
      return products;
    },
  };
}
