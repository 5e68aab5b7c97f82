// Stripe's payment element for a payment intent (card and Link), and paying with it. The order
// is marked paid by Stripe's webhook on the server, never by this page: after Stripe.js confirms,
// the confirmation modal waits for the server to say so.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { STRIPE_LOAD_ERROR, stripeFor } from './stripe-js';

type Props = { publishableKey: string; clientSecret: string; payLabel: string; onPaid: () => void };

export function PaymentStep({ publishableKey, clientSecret, payLabel, onPaid }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (stripe) => {
        if (!live || !mount.current) return;
        if (!stripe) return setError(STRIPE_LOAD_ERROR);
        const elements = stripe.elements({ clientSecret });
        const element = elements.create('payment', { paymentMethodOrder: ['card', 'link'], layout: 'tabs' });
        element.mount(mount.current);
        setReady({ stripe, elements });
      },
      () => live && setError(STRIPE_LOAD_ERROR),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, clientSecret]);

  async function pay() {
    if (!ready) return;
    setPaying(true);
    setError(null);
    try {
      const result = await ready.stripe.confirmPayment({
        elements: ready.elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) setError(result.error.message ?? 'The payment failed. Please try again.');
      else onPaid();
    } finally {
      setPaying(false);
    }
  }

  return (
    <div className="space-y-3">
      <div ref={mount} data-testid="shopping-payment-element" />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={!ready || paying} onClick={pay}>
          {paying ? 'Paying…' : payLabel}
        </button>
      </div>
    </div>
  );
}
