// Customers, Checkout sessions (hosted: a url; elements or embedded: a client secret) and billing portal
// sessions. A session completes when a test (or the fake's pay page) says the person paid:
// the subscription is made and Stripe's webhooks go out in Stripe's order.
import { list, missing, type Params, record, str, StripeFakeError } from './http.js';
import { newId, type CheckoutSession, type Customer, type FakeState } from './state.js';
import { attachCard, newInvoice, newSubscription } from './subscriptions.js';
import type { Webhooks } from './webhooks.js';

export function checkoutRoutes(state: FakeState, baseUrl: () => string) {
  return {
    'POST /v1/customers': (p: Params) => {
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        email: str(p.email) ?? null,
        name: str(p.name) ?? null,
        metadata: record(p.metadata),
        invoice_settings: { default_payment_method: null },
        address: p.address ? record(p.address) : null,
        created: state.now,
      };
      state.customers.set(customer.id, customer);
      return customer;
    },
    'GET /v1/customers/:id': (_p: Params, id: string) => state.customers.get(id) ?? Promise.reject(missing('customer', id)),
    'POST /v1/customers/:id': (p: Params, id: string) => {
      const customer = state.customers.get(id);
      if (!customer) throw missing('customer', id);
      if (p.address !== undefined) customer.address = record(p.address);
      if (p.name !== undefined) customer.name = str(p.name) ?? null;
      if (p.email !== undefined) customer.email = str(p.email) ?? null;
      return customer;
    },
    'GET /v1/customers': () => list([...state.customers.values()], '/v1/customers'),
    'POST /v1/checkout/sessions': (p: Params) => {
      const customer = str(p.customer);
      if (!customer || !state.customers.has(customer)) throw missing('customer', customer ?? '');
      const items = (Array.isArray(p.line_items) ? p.line_items : Object.values(record(p.line_items))) as { price: string; quantity: string }[];
      for (const item of items) if (!state.prices.has(item.price)) throw missing('price', item.price);
      const discounts = (Array.isArray(p.discounts) ? p.discounts : []) as { promotion_code?: string }[];
      const promo = discounts[0]?.promotion_code ?? null;
      if (promo && !state.promotionCodes.get(promo)?.active)
        throw new StripeFakeError(400, 'invalid_request_error', 'promotion_code_invalid', 'This promotion code is not active.');
      // Hosted sessions answer a url; the others (`elements` for a form on the app's page, `embedded`) a client secret.
      const uiMode = str(p.ui_mode) ?? 'hosted';
      const embedded = uiMode !== 'hosted' && uiMode !== 'hosted_page';
      if (embedded && !str(p.return_url))
        throw new StripeFakeError(400, 'invalid_request_error', 'parameter_missing', `return_url is required when ui_mode is ${uiMode}.`);
      const id = newId('cs_test');
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        mode: 'subscription',
        ui_mode: uiMode,
        customer,
        client_reference_id: str(p.client_reference_id) ?? null,
        client_secret: embedded ? `${id}_secret_${newId('x').slice(2)}` : null,
        url: embedded ? null : `${baseUrl()}/pay/${id}`,
        success_url: str(p.success_url) ?? null,
        return_url: str(p.return_url) ?? null,
        line_items: items.map((i) => ({ price: i.price, quantity: Number(i.quantity ?? 1) })),
        subscription: null,
        metadata: record(p.metadata),
        subscription_metadata: record(record(p.subscription_data).metadata),
        promotion_code: promo,
        trial_period_days: record(p.subscription_data).trial_period_days ? Number(record(p.subscription_data).trial_period_days) : null,
        locale: str(p.locale) ?? null,
        created: state.now,
      };
      state.sessions.set(id, session);
      return session;
    },
    'GET /v1/checkout/sessions/:id': (_p: Params, id: string) => state.sessions.get(id) ?? Promise.reject(missing('checkout session', id)),
    'POST /v1/billing_portal/sessions': (p: Params) => {
      const customer = str(p.customer);
      if (!customer || !state.customers.has(customer)) throw missing('customer', customer ?? '');
      const id = newId('bps');
      const locale = str(p.locale) ?? 'auto';
      const session = {
        id,
        object: 'billing_portal.session',
        customer,
        locale,
        return_url: str(p.return_url) ?? null,
        url: `${baseUrl()}/portal/${id}?locale=${locale}`,
      };
      state.portalSessions.set(id, session);
      return session;
    },
  };
}

/** The person paid: the subscription starts, its first invoice is paid, and the webhooks go out. */
export async function completeCheckout(state: FakeState, hooks: Webhooks, sessionId: string, opts: { last4?: string } = {}) {
  const session = state.sessions.get(sessionId);
  if (!session) throw new Error(`no checkout session ${sessionId}`);
  // Paying twice for one session is refused, as Stripe does: one session, one subscription.
  if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
  const price = state.prices.get(session.line_items[0].price);
  if (!price) throw new Error(`no price ${session.line_items[0].price}`);
  state.now += 5;
  // Checkout collects a card and makes it the subscription's default payment method, as Stripe's form does.
  const card = attachCard(state, session.customer, opts.last4 ?? '4242');
  const sub = newSubscription(state, {
    customer: session.customer,
    price,
    metadata: session.subscription_metadata,
    discounts: session.promotion_code ? [session.promotion_code] : [],
    default_payment_method: card.id,
    quantity: session.line_items[0].quantity,
  });
  // A trial starts now and charges nothing until it ends.
  if (session.trial_period_days) {
    sub.status = 'trialing';
    sub.trial_end = state.now + session.trial_period_days * 86_400;
    sub.items.data[0].current_period_end = sub.trial_end;
  }
  const invoice = newInvoice(state, sub, true, { trial: !!session.trial_period_days });
  session.status = 'complete';
  session.subscription = sub.id;
  await hooks.emit('customer.subscription.created', sub);
  await hooks.emit('invoice.paid', invoice);
  await hooks.emit('checkout.session.completed', session);
  return sub;
}
