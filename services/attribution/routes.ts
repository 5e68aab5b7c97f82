// Attribution over HTTP (seed 002 §7): Dub leads, assistant-browser sessions and events.
import type { DomainRoutes } from '../http/handler.js';
import { promotionOf } from '../http/promotion-cookie.js';
import { recordCometEvent, recordCometSession, reportDubLead } from './use-cases.js';

export const attributionRoutes = {
  async reportDubLead({ actor, body, headers }, ctx) {
    const input = {
      event_name: body.event_name,
      is_deferred: body.is_deferred ?? false,
      click_id: body.click_id ?? null,
      nextauth_user_id: body.nextauth_user_id,
    };
    const success = await reportDubLead(ctx, actor, input, promotionOf(headers));
    return { status: 200, body: { success } };
  },
  async recordCometSession({ actor, body }, ctx) {
    await recordCometSession(ctx, actor, body);
    return { status: 200, body: { success: true } };
  },
  async recordCometEvent({ actor, path, body }, ctx) {
    await recordCometEvent(ctx, actor, path.event_name, body?.properties ?? {});
    return { status: 200, body: { success: true } };
  },
} satisfies DomainRoutes;
