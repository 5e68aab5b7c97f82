// The market data over HTTP (spec/paths/market.yaml): whether price alerts can be made here.
import type { DomainRoutes } from '../http/handler.js';
import { marketDataStatusFor } from './status-for.js';

export const marketRoutes = {
  async getMarketDataStatus({ actor }, ctx) {
    return { status: 200, body: await marketDataStatusFor(ctx.config, actor) };
  },
} satisfies DomainRoutes;
