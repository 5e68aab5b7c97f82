// Store carts over HTTP (seed 002 §7, the Firmly-style calls): each handler calls one use case.
import type { DomainRoutes } from '../../http/handler.js';
import type { KernelContext } from '../../shared/context.js';
import { findPricedOption } from '../catalogue/index.js';
import { type CartsDeps, createFirmlyCart, createFirmlySession, setFirmlyShippingInfo } from './use-cases.js';

const cartsDeps = (ctx: KernelContext): CartsDeps => ({
  db: ctx.db,
  store: ctx.store,
  now: ctx.now,
  logger: ctx.logger,
  merchants: ctx.config.shopping.merchants,
  findOption: findPricedOption,
});

export const cartRoutes = {
  async createFirmlyCart({ actor, body }, ctx) {
    return { status: 200, body: await createFirmlyCart(cartsDeps(ctx), actor, body) };
  },
  async setFirmlyShippingInfo({ actor, body }, ctx) {
    return { status: 200, body: await setFirmlyShippingInfo(cartsDeps(ctx), actor, body) };
  },
  async createFirmlySession({ actor }, ctx) {
    return { status: 200, body: await createFirmlySession(cartsDeps(ctx), actor) };
  },
} satisfies DomainRoutes<KernelContext>;
