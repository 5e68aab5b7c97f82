// Subscriptions and their invoices: created when a checkout completes, read and changed over the
// API (a price change with proration, invoiced and charged at once; cancel at period end), and
// moved by a test (a renewal, which also starts a schedule's next phase; a failed payment; a
// cancellation), each with the webhooks Stripe would send. Invoice previews price a change the
// way Stripe does: credit for the unused time on the old price, a charge for the rest of the
// period on the new one.
import { bool, list, missing, type Params, record, str, StripeFakeError } from './http.js';
import { newId, type FakeState, type Invoice, type InvoiceLine, type PaymentMethod, type Price, type Subscription } from './state.js';
import type { Webhooks } from './webhooks.js';
import { applyQuantity } from './seats.js';

export const PERIOD = { month: 30 * 86_400, year: 365 * 86_400 };

export function attachCard(state: FakeState, customer: string | null, last4: string): PaymentMethod {
  const pm: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034 },
  };
  state.paymentMethods.set(pm.id, pm);
  return pm;
}

export function newSubscription(
  state: FakeState,
  s: {
    customer: string;
    price: Price;
    metadata: Record<string, string>;
    discounts: string[];
    default_payment_method?: string | null;
    quantity?: number;
    collection_method?: Subscription['collection_method'];
    days_until_due?: number | null;
  },
): Subscription {
  const sub: Subscription = {
    id: newId('sub'),
    object: 'subscription',
    customer: s.customer,
    status: 'active',
    collection_method: s.collection_method ?? 'charge_automatically',
    cancel_at_period_end: false,
    metadata: s.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: s.price,
          quantity: s.quantity ?? 1,
          current_period_start: state.now,
          current_period_end: state.now + PERIOD[s.price.recurring.interval],
        },
      ],
    },
    discounts: s.discounts,
    created: state.now,
    canceled_at: null,
    default_payment_method: s.default_payment_method ?? null,
    schedule: null,
    days_until_due: s.days_until_due ?? null,
    trial_end: null,
  };
  state.subscriptions.set(sub.id, sub);
  return sub;
}

function line(sub: Subscription, price: Price, amount: number, description: string, proration: boolean, period: { start: number; end: number }): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description,
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { proration, subscription: sub.id, subscription_item: sub.items.data[0].id, invoice_item: null },
    },
    pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
    period,
    quantity: 1,
  };
}

/** An invoice of the given lines, with the fake's tax on top. */
function invoiceOf(state: FakeState, sub: Subscription, lines: InvoiceLine[], status: Invoice['status']): Invoice {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = subtotal > 0 ? Math.round((subtotal * state.taxPercent) / 100) : 0;
  const total = subtotal + tax;
  const id = status === 'draft' ? `upcoming_${newId('in')}` : newId('in');
  return {
    id,
    object: 'invoice',
    customer: sub.customer,
    status,
    subtotal,
    total,
    total_taxes: tax
      ? [{ amount: tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', taxable_amount: subtotal, type: 'tax_rate_details' }]
      : [],
    amount_due: Math.max(total, 0),
    amount_paid: status === 'paid' ? Math.max(total, 0) : 0,
    currency: lines[0]?.currency ?? sub.items.data[0].price.currency,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    created: state.now,
  };
}

function keep(state: FakeState, invoice: Invoice, subscription: string) {
  state.invoices.set(invoice.id, invoice);
  if (invoice.status === 'paid' && invoice.amount_paid > 0) state.charges.push({ subscription, invoice: invoice.id, amount: invoice.amount_paid });
  return invoice;
}

/** The invoice of a period: the subscription's price for it (nothing during a trial). */
export function newInvoice(state: FakeState, sub: Subscription, paid: boolean, opts: { trial?: boolean } = {}): Invoice {
  const item = sub.items.data[0];
  const amount = opts.trial ? 0 : item.price.unit_amount * item.quantity;
  const lines = [
    line(sub, item.price, amount, `${opts.trial ? 'Trial period for' : `${item.quantity} ×`} ${item.price.product}`, false, {
      start: item.current_period_start,
      end: item.current_period_end,
    }),
  ];
  return keep(state, invoiceOf(state, sub, lines, paid ? 'paid' : 'open'), sub.id);
}

/** Stripe's proration of a price change now: credit for the unused time on the old price, a charge for the rest of the period on the new one. */
function prorationLines(state: FakeState, sub: Subscription, next: Price): InvoiceLine[] {
  const item = sub.items.data[0];
  const length = item.current_period_end - item.current_period_start;
  const left = Math.max(0, Math.min(length, item.current_period_end - state.now));
  const period = { start: state.now, end: item.current_period_end };
  return [
    line(sub, item.price, -Math.round((item.price.unit_amount * left) / length), `Unused time on ${item.price.product}`, true, period),
    line(sub, next, Math.round((next.unit_amount * left) / length), `Remaining time on ${next.product}`, true, period),
  ];
}

export function getSubscription(state: FakeState, id: string) {
  const sub = state.subscriptions.get(id);
  if (!sub) throw missing('subscription', id);
  return sub;
}

const paymentMethodOf = (state: FakeState, sub: Subscription) => {
  const id = sub.default_payment_method ?? state.customers.get(sub.customer)?.invoice_settings.default_payment_method ?? null;
  return id ? (state.paymentMethods.get(id) ?? null) : null;
};

/** Charges an invoice to the subscription's card: Stripe's answers for no card and a declined one. */
function charge(state: FakeState, sub: Subscription, invoice: Invoice) {
  if (invoice.amount_due <= 0) return;
  const pm = paymentMethodOf(state, sub);
  if (!pm)
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      'resource_missing',
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    );
  if (pm.card.last4 === '0341') throw new StripeFakeError(402, 'card_error', 'card_declined', 'Your card was declined.', 'generic_decline');
}

type ItemParam = { id?: string; price?: string };
const itemsOf = (p: unknown): ItemParam[] => (Array.isArray(p) ? p : Object.values(record(p))) as ItemParam[];

/** The price an items[] parameter moves the subscription to, or null when it changes none. */
function newPriceOf(state: FakeState, sub: Subscription, items: ItemParam[]): Price | null {
  const item = items[0];
  if (!item?.price) return null;
  if (item.id && item.id !== sub.items.data[0].id) throw missing('subscription item', item.id);
  const price = state.prices.get(item.price);
  if (!price) throw missing('price', item.price);
  if (price.recurring.interval !== sub.items.data[0].price.recurring.interval)
    throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid', 'The fake changes prices within one billing interval only.');
  return price.id === sub.items.data[0].price.id ? null : price;
}

/** Moves the subscription into a schedule's phase that starts now (at a renewal); the last phase releases it. */
function enterScheduledPhase(state: FakeState, sub: Subscription) {
  const schedule = sub.schedule ? state.schedules.get(sub.schedule) : null;
  if (!schedule) return;
  const item = sub.items.data[0];
  const index = schedule.phases.findIndex((ph) => ph.start_date <= item.current_period_start && item.current_period_start < ph.end_date);
  const phase = schedule.phases[index];
  if (!phase) return;
  const price = state.prices.get(phase.items[0].price);
  if (price) item.price = price;
  schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
  // The fake releases a schedule as its last phase begins (Stripe at the phase's end): the subscription then runs on its own.
  if (index === schedule.phases.length - 1) {
    schedule.status = 'released';
    schedule.released_subscription = sub.id;
    schedule.released_at = state.now;
    schedule.subscription = null;
    sub.schedule = null;
  }
}

/** What a test does to a subscription, as time and banks would. */
export function subscriptionLifecycle(state: FakeState, hooks: Webhooks) {
  return {
    /** The next period is paid (at a schedule's next phase, on its price): the period moves on, invoice.paid and customer.subscription.updated. */
    async renew(id: string) {
      const sub = getSubscription(state, id);
      const item = sub.items.data[0];
      state.now = item.current_period_end + 1;
      item.current_period_start = item.current_period_end;
      item.current_period_end += PERIOD[item.price.recurring.interval];
      enterScheduledPhase(state, sub);
      sub.status = 'active';
      const invoice = newInvoice(state, sub, true);
      await hooks.emit('invoice.paid', invoice);
      await hooks.emit('customer.subscription.updated', sub);
    },
    /** The next payment fails: past due, invoice.payment_failed and customer.subscription.updated. */
    async failPayment(id: string) {
      const sub = getSubscription(state, id);
      state.now += 60;
      sub.status = 'past_due';
      const invoice = newInvoice(state, sub, false);
      await hooks.emit('invoice.payment_failed', invoice);
      await hooks.emit('customer.subscription.updated', sub);
    },
    async cancelNow(id: string) {
      const sub = getSubscription(state, id);
      state.now += 60;
      sub.status = 'canceled';
      sub.canceled_at = state.now;
      await hooks.emit('customer.subscription.deleted', sub);
    },
    /** The subscription's card: a new one (last4 0341 declines every charge), or none (removed in the portal). */
    setCard(id: string, last4: string | null) {
      const sub = getSubscription(state, id);
      const customer = state.customers.get(sub.customer);
      if (customer) customer.invoice_settings.default_payment_method = null;
      sub.default_payment_method = last4 ? attachCard(state, sub.customer, last4).id : null;
    },
  };
}

export function subscriptionRoutes(state: FakeState, hooks: Webhooks) {
  return {
    'GET /v1/subscriptions/:id': (_p: Params, id: string) => getSubscription(state, id),
    /** A subscription made directly (an invoiced one: collection_method send_invoice, its first invoice sent, not charged). */
    'POST /v1/subscriptions': async (p: Params) => {
      const customer = str(p.customer);
      if (!customer || !state.customers.has(customer)) throw missing('customer', customer ?? '');
      const items = itemsOf(p.items) as (ItemParam & { quantity?: string })[];
      const price = items[0]?.price ? state.prices.get(items[0].price) : undefined;
      if (!price) throw missing('price', items[0]?.price ?? '');
      const invoiced = str(p.collection_method) === 'send_invoice';
      if (invoiced && !p.days_until_due)
        throw new StripeFakeError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: days_until_due.');
      if (!invoiced && !state.customers.get(customer)?.invoice_settings.default_payment_method)
        throw new StripeFakeError(
          400,
          'invalid_request_error',
          'resource_missing',
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        );
      state.now += 1;
      const sub = newSubscription(state, {
        customer,
        price,
        metadata: record(p.metadata),
        discounts: [],
        quantity: Number(items[0].quantity ?? 1),
        collection_method: invoiced ? 'send_invoice' : 'charge_automatically',
        days_until_due: invoiced ? Number(p.days_until_due) : null,
      });
      const invoice = newInvoice(state, sub, !invoiced);
      await hooks.emit('customer.subscription.created', sub);
      await hooks.emit(invoiced ? 'invoice.finalized' : 'invoice.paid', invoice);
      return sub;
    },
    'GET /v1/subscriptions': (p: Params) => {
      const customer = str(p.customer);
      const status = str(p.status) ?? 'active';
      const subs = [...state.subscriptions.values()].filter((s) => (!customer || s.customer === customer) && (status === 'all' ? true : s.status === status));
      return list(subs.slice(0, Number(p.limit ?? 10)), '/v1/subscriptions');
    },
    'POST /v1/subscriptions/:id': async (p: Params, id: string, idempotencyKey: string | null) => {
      const sub = getSubscription(state, id);
      applyQuantity(state, sub, itemsOf(p.items), idempotencyKey);
      const next = newPriceOf(state, sub, itemsOf(p.items));
      if (next) {
        if (sub.status === 'canceled')
          throw new StripeFakeError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its metadata.');
        if (sub.schedule)
          throw new StripeFakeError(
            400,
            'invalid_request_error',
            'subscription_schedule_managed',
            `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed.`,
          );
        const behavior = str(p.proration_behavior) ?? 'create_prorations';
        if (behavior === 'always_invoice') {
          const invoice = invoiceOf(state, sub, prorationLines(state, sub, next), 'paid');
          // error_if_incomplete: a charge that fails leaves the subscription as it was, and Stripe answers the card error.
          charge(state, sub, invoice);
          keep(state, invoice, sub.id);
          sub.items.data[0].price = next;
          state.now += 1;
          await hooks.emit('invoice.paid', invoice);
        } else {
          sub.items.data[0].price = next;
          state.now += 1;
        }
      }
      if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      if (p.metadata !== undefined) sub.metadata = { ...sub.metadata, ...record(p.metadata) };
      state.now += 1;
      await hooks.emit('customer.subscription.updated', sub);
      return sub;
    },
    'DELETE /v1/subscriptions/:id': async (_p: Params, id: string) => {
      const sub = getSubscription(state, id);
      sub.status = 'canceled';
      sub.canceled_at = state.now;
      await hooks.emit('customer.subscription.deleted', sub);
      return sub;
    },
    'GET /v1/invoices/:id': (_p: Params, id: string) => state.invoices.get(id) ?? Promise.reject(missing('invoice', id)),
    /** The invoice a subscription change would make now (Stripe's invoice preview), kept nowhere. */
    'POST /v1/invoices/create_preview': (p: Params) => {
      const sub = getSubscription(state, str(p.subscription) ?? '');
      const details = record(p.subscription_details) as Record<string, unknown>;
      const next = newPriceOf(state, sub, itemsOf(details.items));
      if (!next) return invoiceOf(state, sub, [], 'draft');
      const at = details.proration_date ? Number(details.proration_date) : null;
      const saved = state.now;
      if (at) state.now = at;
      try {
        return invoiceOf(state, sub, prorationLines(state, sub, next), 'draft');
      } finally {
        state.now = saved;
      }
    },
    'GET /v1/payment_methods/:id': (_p: Params, id: string) => state.paymentMethods.get(id) ?? Promise.reject(missing('payment method', id)),
  };
}
