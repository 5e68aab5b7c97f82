// Upsells over HTTP (seed 002 §7 "Upsell"): anyone may be served and mark their own, a visitor
// by their visitor id, a person by their account; nobody can name another caller.
import type { DomainRoutes } from '../http/handler.js';
import type { UpsellsContext } from './context.js';
import { markInteracted, recordImpression, upsellsFor } from './use-cases.js';

export const upsellRoutes = {
  async getUpsells({ actor, query, headers }, ctx) {
    const upsells = await upsellsFor(ctx, actor, {
      location: query.app_location,
      threadId: query.thread_id ?? null,
      visit: { visit_source: query.visit_source, visit_campaign: query.visit_campaign },
      headers,
    });
    return { status: 200, body: { upsells } };
  },

  async markUpsellInteracted({ actor, body }, ctx) {
    await markInteracted(ctx, actor, body);
    return { status: 204 };
  },

  async recordUpsellImpression({ actor, body }, ctx) {
    return { status: 200, body: await recordImpression(ctx, actor, body) };
  },
} satisfies DomainRoutes<UpsellsContext>;
