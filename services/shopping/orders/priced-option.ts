// What orders need of the catalogue: an option's current price. The catalogue (services/shopping/
// catalogue) answers it; the app composes the two, so orders never read the catalogue's tables.
import type { PricedOption } from '../catalogue/index.js';

export type { PricedOption };

export type ProductPricing = { findPricedOption(optionKey: string): Promise<PricedOption | null> };

/** Pricing with no catalogue behind it: every option is unknown (no merchant is set up). */
export const noCatalogue: ProductPricing = { findPricedOption: async () => null };

/** Pricing from a fixed list (the test stand-in, and SHOPPING_TEST_PRICED_OPTIONS_FILE in tests). */
export const fixedPricing = (options: readonly PricedOption[]): ProductPricing => {
  const byKey = new Map(options.map((o) => [o.optionKey, o]));
  return { findPricedOption: async (key) => byKey.get(key) ?? null };
};
