// The promo code check (seed 002 §8): the payment provider's code and what it knows of the caller
// (a visitor: nothing), judged by the pure rule.
import type { Actor } from '../shared/actor.js';
import { partnerByCode } from '../shared/partners.js';
import type { PartnersContext } from './context.js';
import { partnerErrors } from './errors.js';
import { judgePromotion } from './promo-check.js';

/** `null` when the caller may redeem the code now, else the reason (PROMO_ERROR_CODES). */
export async function checkDiscountCode(ctx: PartnersContext, actor: Actor, cmd: { partnerCode?: string | null; discountCode: string }) {
  if (cmd.partnerCode && !partnerByCode(ctx.config.partners, cmd.partnerCode)) throw partnerErrors.partnerNotFound();
  const { promotions } = ctx;
  if (!promotions) throw partnerErrors.billingNotConfigured();
  const promo = await promotions.findCode(cmd.discountCode.trim());
  const customer = await promotions.customer(await actor.userId(), promo?.id ?? '');
  return judgePromotion(promo, { now: ctx.now(), customer, subscriptionProducts: await promotions.subscriptionProducts() });
}
