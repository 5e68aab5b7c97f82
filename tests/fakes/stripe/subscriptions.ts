// Subscriptions and their invoices: created when a checkout completes, read and changed over the
// API, and moved by a test (a renewal, a failed payment, a cancellation), each with the webhooks
// Stripe would send.
import { list, missing, type Params, bool, str } from './http.js';
import { newId, type FakeState, type Invoice, type Price, type Subscription } from './state.js';
import type { Webhooks } from './webhooks.js';

const PERIOD = { month: 30 * 86_400, year: 365 * 86_400 };

export function newSubscription(state: FakeState, s: { customer: string; price: Price; metadata: Record<string, string>; discounts: string[] }): Subscription {
  const sub: Subscription = {
    id: newId('sub'),
    object: 'subscription',
    customer: s.customer,
    status: 'active',
    collection_method: 'charge_automatically',
    cancel_at_period_end: false,
    metadata: s.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: s.price,
          quantity: 1,
          current_period_start: state.now,
          current_period_end: state.now + PERIOD[s.price.recurring.interval],
        },
      ],
    },
    discounts: s.discounts,
    created: state.now,
    canceled_at: null,
  };
  state.subscriptions.set(sub.id, sub);
  return sub;
}

export function newInvoice(state: FakeState, sub: Subscription, paid: boolean): Invoice {
  const price = sub.items.data[0].price;
  const invoice: Invoice = {
    id: newId('in'),
    object: 'invoice',
    customer: sub.customer,
    status: paid ? 'paid' : 'open',
    amount_due: price.unit_amount,
    amount_paid: paid ? price.unit_amount : 0,
    currency: price.currency,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    created: state.now,
  };
  state.invoices.set(invoice.id, invoice);
  if (paid) state.charges.push({ subscription: sub.id, invoice: invoice.id, amount: price.unit_amount });
  return invoice;
}

function get(state: FakeState, id: string) {
  const sub = state.subscriptions.get(id);
  if (!sub) throw missing('subscription', id);
  return sub;
}

/** What a test does to a subscription, as time and banks would. */
export function subscriptionLifecycle(state: FakeState, hooks: Webhooks) {
  return {
    /** The next period is paid: the period moves on, invoice.paid and customer.subscription.updated. */
    async renew(id: string) {
      const sub = get(state, id);
      const item = sub.items.data[0];
      state.now = item.current_period_end + 1;
      item.current_period_start = item.current_period_end;
      item.current_period_end += PERIOD[item.price.recurring.interval];
      sub.status = 'active';
      const invoice = newInvoice(state, sub, true);
      await hooks.emit('invoice.paid', invoice);
      await hooks.emit('customer.subscription.updated', sub);
    },
    /** The next payment fails: past due, invoice.payment_failed and customer.subscription.updated. */
    async failPayment(id: string) {
      const sub = get(state, id);
      state.now += 60;
      sub.status = 'past_due';
      const invoice = newInvoice(state, sub, false);
      await hooks.emit('invoice.payment_failed', invoice);
      await hooks.emit('customer.subscription.updated', sub);
    },
    async cancelNow(id: string) {
      const sub = get(state, id);
      state.now += 60;
      sub.status = 'canceled';
      sub.canceled_at = state.now;
      await hooks.emit('customer.subscription.deleted', sub);
    },
  };
}

export function subscriptionRoutes(state: FakeState, hooks: Webhooks) {
  return {
    'GET /v1/subscriptions/:id': (_p: Params, id: string) => get(state, id),
    'GET /v1/subscriptions': (p: Params) => {
      const customer = str(p.customer);
      const status = str(p.status) ?? 'active';
      const subs = [...state.subscriptions.values()].filter((s) => (!customer || s.customer === customer) && (status === 'all' ? true : s.status === status));
      return list(subs.slice(0, Number(p.limit ?? 10)), '/v1/subscriptions');
    },
    'POST /v1/subscriptions/:id': async (p: Params, id: string) => {
      const sub = get(state, id);
      if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      state.now += 1;
      await hooks.emit('customer.subscription.updated', sub);
      return sub;
    },
    'DELETE /v1/subscriptions/:id': async (_p: Params, id: string) => {
      const sub = get(state, id);
      sub.status = 'canceled';
      sub.canceled_at = state.now;
      await hooks.emit('customer.subscription.deleted', sub);
      return sub;
    },
    'GET /v1/invoices/:id': (_p: Params, id: string) => state.invoices.get(id) ?? Promise.reject(missing('invoice', id)),
  };
}
