// What Stripe.js asks of Stripe for a Checkout session with `ui_mode: elements` (the form on the
// app's page), for the Stripe.js test double: the session as Stripe.js shows it to the page, and
// its confirmation. The double reaches these through https://api.stripe.com (a browser route in the
// tests forwards there), authenticated by the session's client secret as Stripe.js is. Confirming
// completes the session as a payment on Stripe's form does: the subscription starts and the signed
// webhooks go out. A card number ending in 0002 (Stripe's test card 4000 0000 0000 0002) is declined.
import type { StripeCheckoutAmount, StripeCheckoutConfirmResult, StripeCheckoutSession } from '@stripe/stripe-js';
import { completeCheckout } from './checkout.js';
import { stripeJsPaymentIntentApi } from './payment-intents.js';
import { StripeFakeError, type Params, record, str } from './http.js';
import type { CheckoutSession, FakeState } from './state.js';
import type { Webhooks } from './webhooks.js';

const DECLINED_LAST4 = '0002';

const money = (minor: number, currency: string): StripeCheckoutAmount => ({
  minorUnitsAmount: minor,
  amount: new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100),
});

/** The session as Stripe.js gives it to the page (the fields a one-price subscription has). */
export function stripeJsSession(state: FakeState, session: CheckoutSession): StripeCheckoutSession {
  const item = session.line_items[0];
  const price = state.prices.get(item.price);
  if (!price) throw new Error(`no price ${item.price}`);
  const currency = price.currency;
  const subtotal = price.unit_amount * item.quantity;
  const promo = session.promotion_code ? state.promotionCodes.get(session.promotion_code) : undefined;
  const coupon = promo?.coupon;
  const discount = coupon ? Math.min(subtotal, coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100)) : 0;
  const trialDays = session.trial_period_days;
  // A trial charges nothing today; the first payment comes when it ends.
  const dueToday = trialDays ? 0 : subtotal - discount;
  const zero = money(0, currency);
  const customer = state.customers.get(session.customer);
  const product = state.products.get(price.product);
  const discountAmounts = coupon
    ? [
        {
          ...money(discount, currency),
          displayName: coupon.id,
          promotionCode: promo?.code ?? null,
          recurring:
            coupon.duration === 'forever'
              ? { type: 'forever' as const }
              : coupon.duration === 'repeating'
                ? { type: 'repeating' as const, durationInMonths: coupon.duration_in_months ?? 1 }
                : null,
          percentOff: coupon.percent_off,
        },
      ]
    : null;
  return {
    id: session.id,
    billingAddress: null,
    businessName: null,
    nameCollection: null,
    canConfirm: session.status === 'open',
    currency,
    currencyOptions: null,
    discountAmounts,
    email: customer?.email ?? null,
    lastPaymentError: null,
    lineItems: [
      {
        id: `li_${session.id}`,
        name: typeof product?.name === 'string' ? product.name : price.product,
        discount: money(discount, currency),
        subtotal: money(subtotal, currency),
        total: money(subtotal - discount, currency),
        taxExclusive: zero,
        taxInclusive: zero,
        unitAmount: money(price.unit_amount, currency),
        unitAmountDecimal: null,
        description: null,
        quantity: item.quantity,
        unitLabel: null,
        discountAmounts,
        taxAmounts: null,
        recurring: { interval: price.recurring.interval, intervalCount: 1, usageType: 'licensed' },
        adjustableQuantity: null,
        images: [],
        priceId: price.id,
        isRemovable: false,
        pricing: null,
        transformQuantity: null,
      },
    ],
    livemode: false,
    minorUnitsAmountDivisor: 100,
    phoneNumber: null,
    recurring: {
      interval: price.recurring.interval,
      intervalCount: 1,
      isProrated: false,
      dueNext: {
        subtotal: money(subtotal, currency),
        total: money(subtotal - discount, currency),
        discount: money(discount, currency),
        taxInclusive: zero,
        taxExclusive: zero,
        billingCycleAnchor: null,
      },
      trial: trialDays ? { trialPeriodDays: trialDays, trialEnd: state.now + trialDays * 86_400 } : null,
    },
    savedPaymentMethods: null,
    shipping: null,
    shippingAddress: null,
    shippingOptions: [],
    status: session.status === 'complete' ? { type: 'complete', paymentStatus: 'paid' } : { type: session.status },
    surcharge: null,
    tax: { status: 'ready' },
    taxAmounts: null,
    taxIdInfo: null,
    total: {
      appliedBalance: zero,
      balanceAppliedToNextInvoice: false,
      discount: money(trialDays ? 0 : discount, currency),
      shippingRate: zero,
      subtotal: money(trialDays ? 0 : subtotal, currency),
      surcharge: zero,
      taxExclusive: zero,
      taxInclusive: zero,
      total: money(dueToday, currency),
    },
    optionalItems: null,
  };
}

export type StripeJsAnswer = { status: number; body: unknown };

/** POST /js/checkout/<session>/session and /js/checkout/<session>/confirm, with the client secret in the form body. */
export async function stripeJsApi(state: FakeState, hooks: Webhooks, path: string, params: Params): Promise<StripeJsAnswer> {
  if (path.startsWith('/js/payment_intents/')) return stripeJsPaymentIntentApi(state, hooks, path, params);
  const m = /^\/js\/checkout\/([\w-]+)\/(session|confirm)$/.exec(path);
  const session = m ? state.sessions.get(m[1]) : undefined;
  if (!m || !session?.client_secret || str(params.client_secret) !== session.client_secret)
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such checkout session for this client secret.' } } };
  if (m[2] === 'session') return { status: 200, body: stripeJsSession(state, session) };
  const method = str(params.payment_method_type) ?? 'card';
  const last4 = (str(params.card_number) ?? '').replace(/\D/g, '').slice(-4);
  if (method === 'card' && last4.length < 4) {
    const result: StripeCheckoutConfirmResult = { type: 'error', error: { message: 'Your card number is incomplete.', code: null } };
    return { status: 200, body: result };
  }
  if (method === 'card' && last4 === DECLINED_LAST4) {
    const result: StripeCheckoutConfirmResult = {
      type: 'error',
      error: { message: 'Your card was declined.', code: 'paymentFailed', paymentFailed: { declineCode: 'generic_decline' } },
    };
    return { status: 200, body: result };
  }
  if (session.status !== 'open') {
    const result: StripeCheckoutConfirmResult = { type: 'error', error: { message: 'This Checkout Session is no longer active.', code: null } };
    return { status: 200, body: result };
  }
  session.confirmed_with = method;
  const address = record(params.billing_address);
  session.billing_address = Object.keys(address).length ? address : null;
  try {
    await completeCheckout(state, hooks, session.id, method === 'card' ? { last4 } : {});
  } catch (err) {
    if (err instanceof StripeFakeError) return { status: err.status, body: { error: { type: err.type, message: err.message } } };
    throw err;
  }
  const result: StripeCheckoutConfirmResult = { type: 'success', session: stripeJsSession(state, session) };
  return { status: 200, body: { ...result, return_url: session.return_url } };
}
