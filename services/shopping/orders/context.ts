// What shopping orders need beyond the kernel: the payment provider (null while Stripe is not
// set up), the catalogue's prices (a port the app wires to the catalogue) and the merchants'
// flat shipping rates.
import type { KernelContext } from '../../shared/context.js';
import type { ShoppingPayments } from './payments.js';
import type { ProductPricing } from './priced-option.js';

export type ShoppingOrdersPorts = {
  payments: ShoppingPayments | null;
  pricing: ProductPricing;
  /** Merchant id (or `*` for every other) -> flat shipping in minor units, once per order. */
  shippingRates: ReadonlyMap<string, number>;
};

export type ShoppingOrdersContext = KernelContext & { shoppingOrders: ShoppingOrdersPorts };

/** What the use cases use: the kernel's store, read model and clock, and the ports. */
export type OrdersDeps = Pick<KernelContext, 'db' | 'store' | 'now' | 'logger'> & ShoppingOrdersPorts;

export const ordersDeps = (ctx: ShoppingOrdersContext): OrdersDeps => ({
  db: ctx.db,
  store: ctx.store,
  now: ctx.now,
  logger: ctx.logger,
  ...ctx.shoppingOrders,
});
