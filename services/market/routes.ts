// The market data over HTTP (spec/paths/market.yaml): whether price alerts can be made here.
import type { DomainRoutes } from '../http/handler.js';
import { marketErrors } from './errors.js';
import { marketDataStatus } from './from-config.js';

export const marketRoutes = {
  async getMarketDataStatus({ actor }, ctx) {
    if (!(await actor.userId())) throw marketErrors.unauthenticated();
    return { status: 200, body: marketDataStatus(ctx.config) };
  },
} satisfies DomainRoutes;
