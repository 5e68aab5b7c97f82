// The Stripe adapter of shopping payments: PaymentIntents (automatic payment methods: the payment
// element shows card and Link), Refunds, Stripe Tax calculations, the customer's saved cards and
// shipping address, and webhook verification. Every POST carries an idempotency key derived
// from the order, so a repeated request finds the first result (never a second charge or refund).
import Stripe from 'stripe';
import type { ShippingAddress } from './address.js';
import { orderErrors } from './errors.js';
import type { PaymentEvent, ShoppingPayments } from './payments.js';

export type ShoppingStripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  taxEnabled: boolean;
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
};

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's default, 5 minutes). */
const TOLERANCE_SECONDS = 300;

function signedAt(signature: string): number | null {
  const t = signature
    .split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  return t && /^\d{1,12}$/.test(t) ? Number(t) : null;
}

const stripeAddress = (a: Required<ShippingAddress>) => ({
  line1: a.line1,
  line2: a.line2 ?? undefined,
  city: a.city,
  state: a.state ?? undefined,
  postal_code: a.postal_code,
  country: a.country,
});

export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  if (event.type.startsWith('payment_intent.')) {
    const pi = event.data.object as Stripe.PaymentIntent;
    return { id: event.id, type: event.type, payment_intent_id: pi.id, order_id: pi.metadata?.order_id ?? null };
  }
  return { id: event.id, type: event.type, payment_intent_id: null, order_id: null };
}

export function createStripePayments(settings: ShoppingStripeSettings): ShoppingPayments {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(settings.apiBase ? { host: settings.apiBase.host, port: settings.apiBase.port, protocol: settings.apiBase.protocol } : {}),
  });
  return {
    publishableKey: settings.publishableKey,
    taxEnabled: settings.taxEnabled,
    verifyEvent(rawBody, signature, nowMs) {
      try {
        const t = signedAt(signature);
        if (t === null || Math.abs(Math.floor(nowMs / 1000) - t) > TOLERANCE_SECONDS) throw new Error('the signature is dated outside the tolerance');
        return paymentEventOf(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, TOLERANCE_SECONDS, undefined, nowMs));
      } catch {
        throw orderErrors.invalidSignature();
      }
    },
    async ensureCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email ?? undefined, name: user.name ?? undefined, metadata: { user_id: user.id, purpose: 'shopping' } },
        { idempotencyKey: `shopper-customer-${user.id}` },
      );
      return customer.id;
    },
    async savedCards(customerId) {
      const list = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 20 });
      return list.data.flatMap((pm) =>
        pm.card ? [{ id: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year }] : [],
      );
    },
    async setCustomerShipping(customerId, address) {
      await stripe.customers.update(customerId, { shipping: { name: address.name, phone: address.phone ?? undefined, address: stripeAddress(address) } });
    },
    async calculateTax(req) {
      const calc = await stripe.tax.calculations.create({
        currency: req.currency,
        line_items: [{ amount: req.amount_minor, reference: 'items' }],
        shipping_cost: { amount: req.shipping_minor },
        customer_details: { address: stripeAddress(req.address), address_source: 'shipping' },
      });
      return calc.tax_amount_exclusive;
    },
    async createPaymentIntent(req) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: req.amount_minor,
          currency: req.currency,
          customer: req.customer_id,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { order_id: req.order_id, user_id: req.user_id },
        },
        { idempotencyKey: `shopping-order-pi-${req.order_id}` },
      );
      if (!pi.client_secret) throw new Error(`payment intent ${pi.id} has no client secret`);
      return { id: pi.id, client_secret: pi.client_secret };
    },
    async retrievePaymentIntent(id) {
      const pi = await stripe.paymentIntents.retrieve(id);
      const failed = pi.status === 'requires_payment_method' && !!pi.last_payment_error;
      return {
        payment_intent_id: pi.id,
        status: pi.status === 'succeeded' ? 'succeeded' : failed || pi.status === 'canceled' ? 'failed' : 'pending',
        amount_received: pi.amount_received,
        currency: pi.currency,
        message: pi.last_payment_error?.message ?? (pi.status === 'canceled' ? 'The payment was cancelled.' : null),
        client_secret: pi.client_secret ?? '',
        cancelable: pi.status !== 'succeeded' && pi.status !== 'canceled',
      };
    },
    async cancelPaymentIntent(id, orderId) {
      const pi = await stripe.paymentIntents.retrieve(id);
      if (pi.status === 'succeeded') return false;
      if (pi.status !== 'canceled') await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `shopping-order-pi-cancel-${orderId}` });
      return true;
    },
    async refund(req) {
      const refund = await stripe.refunds.create(
        { payment_intent: req.payment_intent_id, metadata: { order_id: req.order_id } },
        { idempotencyKey: `shopping-order-refund-${req.order_id}` },
      );
      return { refund_id: refund.id, amount_minor: refund.amount, status: refund.status ?? 'pending' };
    },
  };
}
