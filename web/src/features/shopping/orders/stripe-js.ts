// Stripe.js for the payment element. From the 'pure' entry: it loads from js.stripe.com only when
// the payment step is shown; when it cannot load (offline, blocked) the modal says so.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export const STRIPE_LOAD_ERROR = 'The payment form could not be loaded. Check your connection, turn off blockers for this page, and try again.';

let loaded: { key: string; promise: Promise<Stripe | null> } | null = null;
/** One Stripe.js per publishable key and page; a failed load is tried again next time. */
export function stripeFor(key: string): Promise<Stripe | null> {
  if (!loaded || loaded.key !== key) loaded = { key, promise: loadStripe(key) };
  const mine = loaded;
  mine.promise.catch(() => {
    if (loaded === mine) loaded = null;
  });
  return mine.promise;
}
