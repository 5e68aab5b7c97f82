// Who may change plans here, and to what (seed 002 §1, §4, §6): upgrade and downgrade in the web
// product are for card-payment (Stripe) subscriptions only. The refusals come in the seed's order
// of concern: Android store, iOS store, carrier billing, then anything else that is not a Stripe
// Pro (to upgrade) or Max (to downgrade) subscription. Pure: the use cases pass the stream's state.
import type { DomainError } from '../shared/domain-error.js';
import { billingErrors } from './errors.js';
import type { SubscriptionState } from './events.js';

/** Statuses in which Stripe can still change the subscription's price. */
const CHANGEABLE = new Set(['active', 'trialing', 'past_due', 'invoice_past_due', 'white_glove_past_due']);

function sourceRefusal(state: SubscriptionState): DomainError | null {
  switch (state.source) {
    case 'android':
      return billingErrors.storeAndroid();
    case 'ios':
      return billingErrors.storeIos();
    case 'softbank':
      return billingErrors.carrierNoMax();
    case 'stripe':
      return null;
    default:
      return billingErrors.planChangeUnsupported();
  }
}

/** Why this subscription cannot move from Pro to Max now, or null when it can. */
export function upgradeRefusal(state: SubscriptionState): DomainError | null {
  const bySource = sourceRefusal(state);
  if (bySource) return bySource;
  if (!state.subscription_id || !CHANGEABLE.has(state.status) || state.plan !== 'pro' || !state.interval) return billingErrors.upgradeNotAvailable();
  return null;
}

/** Why this subscription cannot be moved from Max to Pro at the next billing start, or null when it can. */
export function downgradeRefusal(state: SubscriptionState): DomainError | null {
  // A carrier subscription never holds Max; it is refused as any other non-card source.
  const bySource = state.source === 'softbank' ? billingErrors.planChangeUnsupported() : sourceRefusal(state);
  if (bySource) return bySource;
  if (!state.subscription_id || !CHANGEABLE.has(state.status) || state.plan !== 'max' || !state.interval) return billingErrors.downgradeNotAvailable();
  return null;
}

/** A payment is owed: the upgrade modal shows 'Payment failed. Please update payment to continue.' */
export const paymentFailed = (state: SubscriptionState) => state.status !== 'active' && state.status !== 'trialing' && CHANGEABLE.has(state.status);
