// Attribution over HTTP (seed 002 §7): Dub leads, assistant-browser sessions and events.
import type { DomainRoutes } from '../http/handler.js';
import { promotionOf } from '../http/promotion-cookie.js';
import { requireUser } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import { recordCometEvent, recordCometSession, reportDubLead } from './use-cases.js';

const ownerOf = async (actor: Actor) => ({ user_id: await actor.userId(), visitor_id: actor.visitorId });

export const attributionRoutes = {
  async reportDubLead({ actor, body, headers }, ctx) {
    const user = await requireUser(actor);
    const input = {
      event_name: body.event_name,
      is_deferred: body.is_deferred ?? false,
      click_id: body.click_id ?? null,
      nextauth_user_id: body.nextauth_user_id,
    };
    const success = await reportDubLead(ctx, user, actor.visitorId, input, promotionOf(headers));
    return { status: 200, body: { success } };
  },
  async recordCometSession({ actor, body }, ctx) {
    await recordCometSession(ctx, await ownerOf(actor), body);
    return { status: 200, body: { success: true } };
  },
  async recordCometEvent({ actor, path, body }, ctx) {
    await recordCometEvent(ctx, await ownerOf(actor), path.event_name, body?.properties ?? {});
    return { status: 200, body: { success: true } };
  },
} satisfies DomainRoutes;
