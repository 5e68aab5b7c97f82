// Stripe.js for the checkout form. It loads from js.stripe.com: when it cannot (offline, blocked),
// a plain error shows, never a blank form. From the 'pure' entry: Stripe.js loads when the form is
// shown, not when this module is imported.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

export const STRIPE_LOAD_ERROR = 'The payment form could not be loaded. Check your connection, turn off blockers for this page, and try again.';

/** Placeholder heights while loading (seed: 300 and 350). */
export const PLACEHOLDER_HEIGHTS = { form: 300, checkout: 350 } as const;

let loaded: { key: string; promise: Promise<Stripe | null> } | null = null;
/** One Stripe.js per publishable key and page; a failed load is tried again on the next mount. */
function stripeFor(key: string) {
  if (!loaded || loaded.key !== key) loaded = { key, promise: loadStripe(key) };
  const mine = loaded;
  mine.promise.catch(() => {
    if (loaded === mine) loaded = null;
  });
  return mine.promise;
}

export type StripeLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stripe: Stripe };

/** Stripe.js for this publishable key: loading, failed (show STRIPE_LOAD_ERROR) or ready. */
export function useStripeJs(publishableKey: string): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    stripeFor(publishableKey).then(
      (stripe) => live && setLoad(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return load;
}

export function Placeholder({ height }: { height: number }) {
  return <div aria-hidden="true" className="w-full animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" style={{ height }} />;
}
