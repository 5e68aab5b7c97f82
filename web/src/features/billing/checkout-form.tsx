// The checkout form (seed 002 §2 'Checkout form (embedded)'), built on this page from Stripe.js
// Checkout elements for a session with `ui_mode: elements`: express checkout in a mobile-style
// layout whose Apple and Google wallets always show and which never shows Link, a payment element
// offering card and link with its billing fields hidden, and the billing address in its own
// 'Billing Information' section. Paying confirms through the checkout object; an error shows in red
// and its code is recorded. A Stripe.js that cannot load shows a plain error, never a blank form.
import {
  BillingAddressElement,
  CheckoutElementsProvider,
  ExpressCheckoutElement,
  PaymentElement,
  useCheckoutElements,
  type StripeCheckoutElementsValue,
} from '@stripe/react-stripe-js/checkout';
import type {
  StripeCheckoutAddressElementOptions,
  StripeCheckoutConfirmResult,
  StripeCheckoutElementsSdkOptions,
  StripeCheckoutExpressCheckoutElementOptions,
  StripeCheckoutPaymentElementOptions,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { PRO_CHECKOUT_ERROR, recordCheckoutEvent } from './checkout-events';
import { orderSummary } from './order-summary';
import { Placeholder, PLACEHOLDER_HEIGHTS, STRIPE_LOAD_ERROR, useStripeJs } from './stripe-loader';

/** Express wallets: Apple Pay and Google Pay always, Link never; one column, as on a phone. */
export const EXPRESS_OPTIONS: StripeCheckoutExpressCheckoutElementOptions = {
  buttonHeight: 48,
  buttonTheme: { applePay: 'black', googlePay: 'black' },
  buttonType: { applePay: 'subscribe', googlePay: 'subscribe' },
  layout: { maxColumns: 1, overflow: 'never' },
  paymentMethodOrder: ['apple_pay', 'google_pay'],
  paymentMethods: { applePay: 'always', googlePay: 'always', link: 'never' },
};

/** Card and link, in that order; billing details are asked in 'Billing Information', not here; wallets are in express. */
export const PAYMENT_OPTIONS: StripeCheckoutPaymentElementOptions = {
  layout: 'tabs',
  paymentMethodOrder: ['card', 'link'],
  fields: { billingDetails: { address: 'never' } },
  wallets: { applePay: 'never', googlePay: 'never' },
};

export const ADDRESS_OPTIONS: StripeCheckoutAddressElementOptions = { display: { name: 'full' } };

export const PAY_LABEL = 'Subscribe';
export const CHECKOUT_LOAD_ERROR = 'The checkout could not be started. Please try again.';

export function CheckoutForm({ publishableKey, clientSecret, onPaid }: { publishableKey: string; clientSecret: string; onPaid: () => void }) {
  const load = useStripeJs(publishableKey);
  // Stable per session: the provider starts Stripe's checkout once for its options.
  const options = useMemo<StripeCheckoutElementsSdkOptions>(() => ({ clientSecret, elementsOptions: { loader: 'auto' } }), [clientSecret]);
  if (load.state === 'failed') return <ErrorText text={STRIPE_LOAD_ERROR} />;
  if (load.state === 'loading') return <Placeholder height={PLACEHOLDER_HEIGHTS.checkout} />;
  return (
    <CheckoutElementsProvider key={clientSecret} stripe={load.stripe} options={options}>
      <CheckoutFields onPaid={onPaid} />
    </CheckoutElementsProvider>
  );
}

function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {text}
    </p>
  );
}

function CheckoutFields({ onPaid }: { onPaid: () => void }) {
  const result = useCheckoutElements();
  if (result.type === 'loading') return <Placeholder height={PLACEHOLDER_HEIGHTS.checkout} />;
  if (result.type === 'error') return <ErrorText text={CHECKOUT_LOAD_ERROR} />;
  return <Fields checkout={result.checkout} onPaid={onPaid} />;
}

function Fields({ checkout, onPaid }: { checkout: StripeCheckoutElementsValue; onPaid: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const settle = (r: StripeCheckoutConfirmResult) => {
    if (r.type === 'success') return onPaid();
    setError(r.error.message);
    setPaying(false);
    void recordCheckoutEvent(PRO_CHECKOUT_ERROR, r.error.code);
  };
  const pay = async () => {
    setPaying(true);
    setError(null);
    // Card and link confirm here; a method that needs a redirect goes to the session's return_url.
    settle(await checkout.confirm({ redirect: 'if_required' }));
  };
  const payExpress = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    setError(null);
    const r = await checkout.confirm({ expressCheckoutConfirmEvent: event, redirect: 'if_required' });
    if (r.type === 'error') event.paymentFailed({ reason: 'fail' });
    settle(r);
  };

  return (
    <div className="space-y-5" data-testid="checkout-form">
      <section aria-label="Express checkout" className="mx-auto max-w-sm">
        <ExpressCheckoutElement options={EXPRESS_OPTIONS} onConfirm={payExpress} />
      </section>
      <p className="text-center text-xs uppercase tracking-wide text-neutral-500">or pay with card or link</p>
      <section aria-label="Payment">
        <PaymentElement options={PAYMENT_OPTIONS} />
      </section>
      <section className="space-y-2" aria-labelledby="billing-information">
        <h2 id="billing-information" className="text-lg font-semibold">
          Billing Information
        </h2>
        <BillingAddressElement options={ADDRESS_OPTIONS} />
      </section>
      <OrderSummary checkout={checkout} />
      {error && <ErrorText text={error} />}
      <button type="button" className="btn-primary w-full" disabled={paying || !checkout.canConfirm} onClick={pay}>
        {PAY_LABEL}
      </button>
    </div>
  );
}

function OrderSummary({ checkout }: { checkout: StripeCheckoutElementsValue }) {
  const summary = orderSummary(checkout);
  return (
    <section className="space-y-1 rounded-xl border border-neutral-200 p-3 text-sm dark:border-neutral-800" aria-label="Order summary">
      <dl className="space-y-1">
        {summary.lines.map((line) => (
          <div key={`${line.label}-${line.amount}`} className="flex justify-between gap-4">
            <dt>{line.label}</dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-neutral-200 pt-1 font-semibold dark:border-neutral-800" data-testid="due-today">
          <dt>Due today</dt>
          <dd>{summary.dueToday}</dd>
        </div>
      </dl>
      {summary.afterwards && <p className="text-xs text-neutral-500">{summary.afterwards}</p>}
    </section>
  );
}
