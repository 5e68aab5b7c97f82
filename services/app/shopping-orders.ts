// The shopping orders' ports: Stripe when it is set up (STRIPE_SECRET_KEY), and the catalogue's
// prices (the merchants' feeds); a test may give the priced options as a file instead
// (SHOPPING_TEST_PRICED_OPTIONS_FILE), to order without a feed.
import { readFileSync } from 'node:fs';
import { createStripePayments, findPricedOption, fixedPricing, type PricedOption, type ShoppingOrdersPorts } from '../shopping/index.js';
import type { Config } from '../shared/config.js';

export function shoppingOrdersPorts(config: Config): ShoppingOrdersPorts {
  const stripe = config.billing.stripe;
  const { shopping } = config;
  const pricing = shopping.testPricedOptionsFile
    ? fixedPricing(JSON.parse(readFileSync(shopping.testPricedOptionsFile, 'utf8')) as PricedOption[])
    : { findPricedOption };
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
    pricing,
    shippingRates: shopping.shippingRates,
  };
}
