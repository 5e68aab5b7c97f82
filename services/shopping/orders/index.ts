// What other parts use of shopping orders (docs/architecture.md: a domain is used only through its index.ts).
export { shoppingOrderRoutes } from './routes.js';
export { shoppingOrdersProjection } from './projections.js';
export { orderRedactors } from './erasure.js';
export { createStripePayments, type ShoppingStripeSettings } from './stripe-payments.js';
export { noCatalogue, type PricedOption, type ProductPricing } from './priced-option.js';
export type { ShoppingOrdersContext, ShoppingOrdersPorts } from './context.js';
export type { ShoppingPayments } from './payments.js';
export { normalAddress, type ShippingAddress } from './address.js';
export { shoppingOrdersExport } from './export.js';
