import type { KernelContext } from '../shared/context.js';
import { requireUser } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import { decideDubLead, checkDubLead, type DubLeadInput } from './decide.js';
import { createDubClient } from './dub.js';
import { attributionStream, type AttributionOwner, type CometEventRecorded, type CometSessionRecorded, type DubOutcome } from './events.js';

/**
 * Reports a lead to Dub when DUB_API_KEY is set and records it either way, with how it went.
 * Answers whether Dub accepted it; a failure is logged (never the key) and answered false.
 */
export async function reportDubLead(ctx: KernelContext, actor: Actor, input: DubLeadInput, promotion: string | null) {
  const user = await requireUser(actor);
  checkDubLead(user.id, input);
  let outcome: DubOutcome = 'not_configured';
  if (ctx.config.dub) {
    const result = await createDubClient(ctx.config.dub).trackLead({
      clickId: input.click_id ?? '',
      eventName: input.event_name,
      customerExternalId: user.id,
      customerName: user.name,
      customerEmail: user.email,
      mode: input.is_deferred ? 'deferred' : 'async',
      ...(promotion ? { metadata: { promotion } } : {}),
    });
    outcome = result.outcome;
    if (result.outcome === 'failed') ctx.logger.warn({ detail: result.detail, event_name: input.event_name }, 'Dub lead not accepted');
  }
  const owner: AttributionOwner = { user_id: user.id, visitor_id: actor.visitorId };
  await ctx.store.append(attributionStream(owner), 'any', decideDubLead(user.id, input, promotion, outcome, ctx.now()));
  return outcome === 'sent';
}

/** Whose sessions and events these are: the signed-in person's (if any) from this browser. */
const ownerOf = async (actor: Actor): Promise<AttributionOwner> => ({ user_id: await actor.userId(), visitor_id: actor.visitorId });

export async function recordCometSession(
  ctx: KernelContext,
  actor: Actor,
  input: { session_id: string; platform?: 'win_x64' | 'mac_arm64'; browser_version?: string },
) {
  const owner = await ownerOf(actor);
  const event: CometSessionRecorded = {
    type: 'CometSessionRecorded',
    data: {
      ...owner,
      session_id: input.session_id,
      platform: input.platform ?? null,
      browser_version: input.browser_version ?? null,
      recorded_at: ctx.now().toISOString(),
    },
  };
  await ctx.store.append(attributionStream(owner), 'any', [event]);
}

export async function recordCometEvent(ctx: KernelContext, actor: Actor, eventName: string, properties: Record<string, string | number | boolean>) {
  const owner = await ownerOf(actor);
  const event: CometEventRecorded = { type: 'CometEventRecorded', data: { ...owner, event_name: eventName, properties, recorded_at: ctx.now().toISOString() } };
  await ctx.store.append(attributionStream(owner), 'any', [event]);
}
