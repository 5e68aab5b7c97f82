// The shopping orders' ports: Stripe when it is set up (STRIPE_SECRET_KEY), and the catalogue's
// prices (the merchants' feeds), in tests as in production.
import { createStripePayments, findPricedOption, type ShoppingOrdersPorts } from '../shopping/index.js';
import type { Config } from '../shared/config.js';

export function shoppingOrdersPorts(config: Config): ShoppingOrdersPorts {
  const stripe = config.billing.stripe;
  const { shopping } = config;
  return {
    payments:
      stripe && shopping.webhookSecret
        ? createStripePayments({
            secretKey: stripe.secretKey,
            webhookSecret: shopping.webhookSecret,
            publishableKey: stripe.publishableKey,
            taxEnabled: shopping.taxEnabled,
            apiBase: stripe.apiBase,
          })
        : null,
    pricing: { findPricedOption },
    shippingRates: shopping.shippingRates,
  };
}
