// Stripe's embedded checkout form (@stripe/react-stripe-js). Stripe.js loads from js.stripe.com:
// when it cannot (offline, blocked), a plain error shows, never a blank form. From the 'pure' entry:
// Stripe.js loads when the form is shown, not when this module is imported.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
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

export function Placeholder({ height }: { height: number }) {
  return <div aria-hidden="true" className="w-full animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" style={{ height }} />;
}

export function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (failed)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {STRIPE_LOAD_ERROR}
      </p>
    );
  if (!stripe) return <Placeholder height={PLACEHOLDER_HEIGHTS.checkout} />;
  return (
    <div data-testid="embedded-checkout">
      <EmbeddedCheckoutProvider key={clientSecret} stripe={stripe} options={{ clientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
