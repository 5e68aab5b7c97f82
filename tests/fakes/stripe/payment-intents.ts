// PaymentIntents, Refunds and Stripe Tax calculations, for shopping orders. A payment intent is
// confirmed by Stripe.js (the test double posts its card number: stripe-js-api.ts) or by a test;
// a card ending in 0002 (Stripe's 4000 0000 0000 0002) is declined. Confirming posts
// payment_intent.succeeded or payment_intent.payment_failed, signed, as Stripe does.
import { list, missing, type Params, record, str, StripeFakeError } from './http.js';
import { newId, type FakeState, type Obj } from './state.js';
import { attachCard } from './subscriptions.js';
import type { Webhooks } from './webhooks.js';

export type PaymentIntent = Obj & {
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  payment_method: string | null;
  last_payment_error: { type: 'card_error'; code: 'card_declined'; decline_code: string; message: string } | null;
  latest_charge: string | null;
  created: number;
};

export type Refund = Obj & { amount: number; currency: string; payment_intent: string; status: 'succeeded'; metadata: Record<string, string>; created: number };

export type PaymentStore = { paymentIntents: Map<string, PaymentIntent>; refunds: Map<string, Refund> };

export const DECLINED_CARD_LAST4 = '0002';

const stores = new WeakMap<FakeState, PaymentStore>();
/** This fake's payment intents and refunds (kept beside its state). */
export function paymentStore(state: FakeState): PaymentStore {
  let store = stores.get(state);
  if (!store) stores.set(state, (store = { paymentIntents: new Map(), refunds: new Map() }));
  return store;
}

const getIntent = (state: FakeState, id: string) => {
  const pi = paymentStore(state).paymentIntents.get(id);
  if (!pi) throw missing('payment_intent', id);
  return pi;
};

export function paymentIntentRoutes(state: FakeState) {
  const store = paymentStore(state);
  return {
    'POST /v1/payment_intents': (p: Params) => {
      const amount = Number(p.amount);
      const currency = str(p.currency);
      if (!Number.isInteger(amount) || amount < 1 || !currency)
        throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'amount and currency are required.');
      const customer = str(p.customer) ?? null;
      if (customer && !state.customers.has(customer)) throw missing('customer', customer);
      const id = newId('pi');
      const auto = record(p.automatic_payment_methods);
      const pi: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        customer,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${newId('x').slice(2)}`,
        metadata: record(p.metadata),
        automatic_payment_methods: Object.keys(auto).length ? { enabled: auto.enabled === 'true', allow_redirects: auto.allow_redirects } : null,
        payment_method: null,
        last_payment_error: null,
        latest_charge: null,
        created: state.now,
      };
      store.paymentIntents.set(id, pi);
      return pi;
    },
    'GET /v1/payment_intents/:id': (_p: Params, id: string) => getIntent(state, id),
    'POST /v1/payment_intents/:id/cancel': (_p: Params, id: string) => {
      const pi = getIntent(state, id);
      if (pi.status === 'succeeded')
        throw new StripeFakeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        );
      pi.status = 'canceled';
      return pi;
    },
    'POST /v1/refunds': (p: Params) => {
      const pi = getIntent(state, str(p.payment_intent) ?? '');
      if (pi.status !== 'succeeded')
        throw new StripeFakeError(400, 'invalid_request_error', 'charge_not_refundable', 'This PaymentIntent has no successful charge to refund.');
      const refunded = [...store.refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + r.amount, 0);
      const amount = p.amount !== undefined ? Number(p.amount) : pi.amount_received - refunded;
      if (amount <= 0 || refunded + amount > pi.amount_received)
        throw new StripeFakeError(400, 'invalid_request_error', 'charge_already_refunded', 'This charge has already been refunded.');
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        metadata: record(p.metadata),
        created: state.now,
      };
      store.refunds.set(refund.id, refund);
      return refund;
    },
    'GET /v1/refunds': () => list([...store.refunds.values()], '/v1/refunds'),
    'GET /v1/customers/:id/payment_methods': (_p: Params, id: string) => {
      if (!state.customers.has(id)) throw missing('customer', id);
      return list(
        [...state.paymentMethods.values()].filter((pm) => pm.customer === id),
        `/v1/customers/${id}/payment_methods`,
      );
    },
    'POST /v1/tax/calculations': (p: Params) => {
      const lines = (Array.isArray(p.line_items) ? p.line_items : Object.values(record(p.line_items))) as { amount: string }[];
      const address = record(record(p.customer_details).address);
      if (!address.country) throw new StripeFakeError(400, 'invalid_request_error', 'customer_tax_location_invalid', 'A customer address is required.');
      const taxable = lines.reduce((sum, l) => sum + Number(l.amount), 0) + Number(record(p.shipping_cost).amount ?? 0);
      const tax = Math.round((taxable * state.taxPercent) / 100);
      return {
        id: newId('taxcalc'),
        object: 'tax.calculation',
        currency: str(p.currency),
        amount_total: taxable + tax,
        tax_amount_exclusive: tax,
        tax_amount_inclusive: 0,
      };
    },
  };
}

/** The person confirmed the payment with a card (its last four digits): paid, or declined. */
export async function confirmPaymentIntent(state: FakeState, hooks: Webhooks, id: string, opts: { last4: string }) {
  const pi = getIntent(state, id);
  if (pi.status === 'succeeded' || pi.status === 'canceled')
    throw new StripeFakeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${pi.status}.`);
  state.now += 1;
  const card = attachCard(state, pi.customer, opts.last4);
  pi.payment_method = card.id;
  if (opts.last4 === DECLINED_CARD_LAST4) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    await hooks.emit('payment_intent.payment_failed', pi);
    return pi;
  }
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.last_payment_error = null;
  pi.latest_charge = newId('ch');
  await hooks.emit('payment_intent.succeeded', pi);
  return pi;
}

/**
 * What Stripe.js's confirmPayment asks (through the test double): POST /js/payment_intents/<id>/confirm
 * with the client secret and the payment element's card number. Answers as confirmPayment resolves:
 * { paymentIntent } or { error }.
 */
export async function stripeJsPaymentIntentApi(state: FakeState, hooks: Webhooks, path: string, params: Params) {
  const m = /^\/js\/payment_intents\/([\w-]+)\/confirm$/.exec(path);
  const pi = m ? paymentStore(state).paymentIntents.get(m[1]) : undefined;
  if (!m || !pi || str(params.client_secret) !== pi.client_secret)
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment intent for this client secret.' } } };
  const last4 = (str(params.card_number) ?? '').replace(/\D/g, '').slice(-4);
  if (str(params.payment_method_type) !== 'link' && last4.length < 4)
    return { status: 200, body: { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } } };
  try {
    const after = await confirmPaymentIntent(state, hooks, pi.id, { last4: last4 || '4242' });
    if (after.last_payment_error) return { status: 200, body: { error: { ...after.last_payment_error, payment_intent: after } } };
    return { status: 200, body: { paymentIntent: after } };
  } catch (err) {
    if (err instanceof StripeFakeError) return { status: 200, body: { error: { type: err.type, code: err.code, message: err.message } } };
    throw err;
  }
}
