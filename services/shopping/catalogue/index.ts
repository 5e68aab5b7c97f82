// What other parts use of the catalogue (a domain is used only through its index.ts): services/app
// wires its routes, projection, redactors and feed schedule; services/shopping/orders prices a
// cart with findPricedOption.
import type { Db } from '../../db/database.js';
import { type PricedOption, pricedOptionOf } from './use-cases.js';

export { catalogueRoutes } from './routes.js';
export { catalogueProjection } from './projections.js';
export { catalogueStatsBackground } from './stat-folder-background.js';
export { foldCatalogueStats } from './stat-folder.js';
export { catalogueRedactors } from './erasure.js';
export { feedScheduleBackground, startFeedSchedule, type FeedSyncStarter } from './schedule.js';
export { removeUnlisted, type SyncDeps, syncMerchant, type SyncResult } from './sync.js';
export { catalogueErrors, NO_MERCHANT } from './errors.js';
export { storefrontPrice } from './shopify-product.js';
export { isBuyingQuestion, shoppingQueryOf } from './buying-intent.js';
export type { ShoppingWidget, ProductDetails, ProductOption } from './widgets.js';
export { CATALOGUE_EVENT_TYPES, type CatalogueEvent } from './events.js';
export type { PricedOption } from './use-cases.js';

let catalogueDb: Db | null = null;

/** The database findPricedOption reads: set once at start (services/app), and by tests. */
export function bindCatalogueDatabase(db: Db): void {
  catalogueDb = db;
}

/** One option as an order needs it, or null when no configured merchant lists it. */
export async function findPricedOption(optionKey: string): Promise<PricedOption | null> {
  if (!catalogueDb) throw new Error('the catalogue has no database yet (bindCatalogueDatabase at start)');
  return pricedOptionOf(catalogueDb, optionKey);
}
