// The catalogue over HTTP (seed 002 §7): product cards for an answer entry, a product's details,
// and the merchants' sync states.
import type { DomainRoutes } from '../../http/handler.js';
import type { KernelContext } from '../../shared/context.js';
import { fetchProductDetails, listMerchantFeeds, searchShoppingForEntry } from './use-cases.js';

export const catalogueRoutes = {
  async searchShoppingForEntry({ actor, body }, ctx) {
    return { status: 200, body: { shopping_widgets: await searchShoppingForEntry(ctx, actor, body) } };
  },
  async fetchProductDetails({ actor, body }, ctx) {
    return { status: 200, body: await fetchProductDetails(ctx, actor, body.option_key) };
  },
  async listMerchantFeeds({ actor }, ctx) {
    return { status: 200, body: { merchants: await listMerchantFeeds(ctx, actor) } };
  },
} satisfies DomainRoutes<KernelContext>;
