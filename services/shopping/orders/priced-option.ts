// What orders need of the catalogue: an option's current price. The catalogue (services/shopping/
// catalogue) answers it; the app composes the two, so orders never read the catalogue's tables.
import type { PricedOption } from '../catalogue/index.js';

export type { PricedOption };

export type ProductPricing = { findPricedOption(optionKey: string): Promise<PricedOption | null> };

/** Pricing with no catalogue behind it: every option is unknown (no merchant is set up). */
export const noCatalogue: ProductPricing = { findPricedOption: async () => null };
