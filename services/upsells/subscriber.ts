// What the upsell rules read of the caller's plan and profile, in one place so billing can
// re-point it: today the session user carries `subscription_status` only, so nobody is Max and
// nobody is government-origin until billing adds those (plan 'max', `isGovernmentRequestOrigin`).
import type { Actor, ActorUser } from '../shared/actor.js';

/** A Max subscriber: the plan billing resolves for the actor. */
export async function isMaxSubscriber(actor: Actor): Promise<boolean> {
  return String(await actor.plan()) === 'max';
}

/** A government-origin profile (seed 002 §3 `isGovernmentRequestOrigin`); false until billing sets it. */
export function isGovernmentOrigin(user: ActorUser | null): boolean {
  return (user as (ActorUser & { isGovernmentRequestOrigin?: boolean }) | null)?.isGovernmentRequestOrigin === true;
}
