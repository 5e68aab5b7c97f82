// The orders' use cases: each takes the deps and one Actor (the webhook: Stripe's signed body)
// and knows nothing of HTTP. Prices come from the catalogue port; payments from Stripe's word.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../shared/actor.js';
import { normalAddress, type ShippingAddress } from './address.js';
import { decideAndAppend } from './append.js';
import type { OrdersDeps } from './context.js';
import {
  amountsOf,
  decideCancel,
  decideCreate,
  decidePaymentIntent,
  decidePaymentOutcome,
  priceItems,
  requireOwner,
  requirePayable,
  shippingFor,
  type RequestedItem,
} from './decide.js';
import { orderErrors } from './errors.js';
import { evolveOrder, NO_ORDER, orderStream, type OrderState } from './events.js';
import type { ShoppingPayments } from './payments.js';
import { orderOf, ordersOf, savedAddressOf, type OrderView } from './queries.js';
import { decideLinkCustomer, decideSaveAddress, evolveShopper, NO_SHOPPER, shopperStream } from './shopper-events.js';

const TAX_OFF_MESSAGE = 'Tax is not calculated on this server: prices are shown without tax.';

async function signedIn(actor: Actor) {
  const user = await actor.user();
  if (!user) throw orderErrors.unauthenticated();
  return user;
}

function requirePayments(deps: OrdersDeps): ShoppingPayments {
  if (!deps.payments) throw orderErrors.paymentsNotConfigured();
  return deps.payments;
}

/** Stripe's failures become the call's plain problem; the domain's own pass through. */
async function atStripe<T>(deps: OrdersDeps, what: string, run: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Error && err.name === 'DomainError') throw err;
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, `Stripe: ${what} failed`);
    throw refusal();
  }
}

const orderState = async (deps: OrdersDeps, orderId: string) => (await deps.store.aggregate(orderStream(orderId), NO_ORDER, evolveOrder)).state;

/** The person's Stripe customer for purchases, made and recorded once. */
async function customerOf(deps: OrdersDeps, payments: ShoppingPayments, user: { id: string; email: string; name: string }) {
  const { state } = await deps.store.aggregate(shopperStream(user.id), NO_SHOPPER, evolveShopper);
  if (state.customer_id) return state.customer_id;
  const customerId = await atStripe(deps, 'customer', () => payments.ensureCustomer(user), orderErrors.paymentIntentFailed);
  await decideAndAppend(deps.store, shopperStream(user.id), NO_SHOPPER, evolveShopper, (s) =>
    decideLinkCustomer(s, { user_id: user.id, customer_id: customerId, now: deps.now() }),
  );
  return customerId;
}

async function taxOn(
  deps: OrdersDeps,
  payments: ShoppingPayments,
  req: { amount_minor: number; shipping_minor: number; currency: string; address: Required<ShippingAddress> },
) {
  if (!payments.taxEnabled) return { calculated: false, tax_minor: 0 };
  const tax_minor = await atStripe(deps, 'tax calculation', () => payments.calculateTax(req), orderErrors.taxFailed);
  return { calculated: true, tax_minor };
}

export async function calculateTaxAndShipping(
  deps: OrdersDeps,
  actor: Actor,
  input: { shipping_address: ShippingAddress; amount: number; currency?: string; option_key?: string },
) {
  await signedIn(actor);
  const payments = requirePayments(deps);
  const option = input.option_key ? await deps.pricing.findPricedOption(input.option_key) : null;
  if (input.option_key && !option) throw orderErrors.optionNotFound();
  if (option && input.currency && option.currency.toLowerCase() !== input.currency) throw orderErrors.currencyMismatch();
  const currency = (option?.currency ?? input.currency ?? '').toLowerCase();
  if (!currency) throw orderErrors.currencyRequired();
  const shipping_minor = shippingFor(deps.shippingRates, [option?.merchantId ?? '*']);
  const address = normalAddress(input.shipping_address);
  const tax = await taxOn(deps, payments, { amount_minor: input.amount, shipping_minor, currency, address });
  const amounts = amountsOf(input.amount, currency, tax, shipping_minor);
  return { ...amounts, message: tax.calculated ? null : TAX_OFF_MESSAGE };
}

export async function createOrder(deps: OrdersDeps, actor: Actor, input: { items: RequestedItem[]; shipping_address: ShippingAddress }): Promise<OrderView> {
  const user = await signedIn(actor);
  const payments = requirePayments(deps);
  const options = await Promise.all(input.items.map((i) => deps.pricing.findPricedOption(i.option_key)));
  const priced = priceItems(input.items, options);
  const address = normalAddress(input.shipping_address);
  const shipping_minor = shippingFor(
    deps.shippingRates,
    priced.items.map((i) => i.merchant_id),
  );
  const tax = await taxOn(deps, payments, { amount_minor: priced.subtotal_minor, shipping_minor, currency: priced.currency, address });
  const orderId = randomUUID();
  const now = deps.now();
  await deps.store.append(
    orderStream(orderId),
    'no_stream',
    decideCreate(NO_ORDER, {
      order_id: orderId,
      user_id: user.id,
      now,
      items: priced.items,
      amounts: amountsOf(priced.subtotal_minor, priced.currency, tax, shipping_minor),
      shipping_address: address,
    }),
  );
  // The address used is the one offered next time.
  await decideAndAppend(deps.store, shopperStream(user.id), NO_SHOPPER, evolveShopper, (s) =>
    decideSaveAddress(s, { user_id: user.id, shipping_address: address, now }),
  );
  const view = await orderOf(deps.db, user.id, orderId);
  if (!view) throw orderErrors.orderNotFound();
  return view;
}

export async function createPaymentIntent(deps: OrdersDeps, actor: Actor, input: { order_id: string }) {
  const user = await signedIn(actor);
  const payments = requirePayments(deps);
  const state = await orderState(deps, input.order_id);
  requireOwner(state, user.id);
  requirePayable(state);
  // Without Stripe.js's key the browser cannot show the payment element: no payment can be made.
  if (!payments.publishableKey) throw orderErrors.paymentsNotConfigured();
  const publishable_key = payments.publishableKey;
  const answer = (client_secret: string) => ({
    status: 'success' as const,
    order_id: input.order_id,
    client_secret,
    publishable_key,
    amount_minor: state.total_minor,
    currency: state.currency ?? '',
  });
  if (state.payment_intent_id) {
    const id = state.payment_intent_id;
    const pi = await atStripe(deps, 'payment intent', () => payments.retrievePaymentIntent(id), orderErrors.paymentIntentFailed);
    return answer(pi.client_secret);
  }
  const customerId = await customerOf(deps, payments, user);
  const pi = await atStripe(
    deps,
    'payment intent',
    () =>
      payments.createPaymentIntent({
        order_id: input.order_id,
        user_id: user.id,
        customer_id: customerId,
        amount_minor: state.total_minor,
        currency: state.currency ?? '',
      }),
    orderErrors.paymentIntentFailed,
  );
  await decideAndAppend(deps.store, orderStream(input.order_id), NO_ORDER, evolveOrder, (s) =>
    decidePaymentIntent(s, { order_id: input.order_id, user_id: user.id, payment_intent_id: pi.id, now: deps.now() }),
  );
  return answer(pi.client_secret);
}

/** Stripe's webhook: verified, then the payment intent read again from Stripe and its outcome recorded once. */
export async function applyPaymentWebhook(deps: OrdersDeps, rawBody: Buffer | undefined, signature: unknown) {
  const payments = requirePayments(deps);
  if (!rawBody || typeof signature !== 'string') throw orderErrors.invalidSignature();
  const event = payments.verifyEvent(rawBody, signature, deps.now().getTime());
  if (!event.payment_intent_id || !event.order_id) return;
  const piId = event.payment_intent_id;
  const orderId = event.order_id;
  const facts = await payments.retrievePaymentIntent(piId);
  await decideAndAppend(deps.store, orderStream(orderId), NO_ORDER, evolveOrder, (s) => decidePaymentOutcome(s, facts, event.id, deps.now()));
}

/** Cancels the person's order: a paid one is refunded in full first; an unpaid one's payment intent is cancelled. */
export async function cancelOrder(deps: OrdersDeps, actor: Actor, input: { order_id: string }): Promise<OrderView> {
  const user = await signedIn(actor);
  const payments = requirePayments(deps);
  const state = await orderState(deps, input.order_id);
  requireOwner(state, user.id);
  if (state.status === 'cancelled') throw orderErrors.alreadyCancelled();
  const refund = await refundIfPaid(deps, payments, state);
  await decideAndAppend(deps.store, orderStream(input.order_id), NO_ORDER, evolveOrder, (s) =>
    s.status === 'cancelled' ? [] : decideCancel(s, { order_id: input.order_id, user_id: user.id, refund, now: deps.now() }),
  );
  const view = await orderOf(deps.db, user.id, input.order_id);
  if (!view) throw orderErrors.orderNotFound();
  return view;
}

async function refundIfPaid(deps: OrdersDeps, payments: ShoppingPayments, state: OrderState) {
  const piId = state.payment_intent_id;
  const orderId = state.order_id ?? '';
  if (!piId) return null;
  // An unpaid intent is cancelled so it can no longer be paid; one that succeeded meanwhile is refunded.
  const paid =
    state.status === 'paid' || !(await atStripe(deps, 'payment cancel', () => payments.cancelPaymentIntent(piId, orderId), orderErrors.refundFailed));
  if (!paid) return null;
  return atStripe(deps, 'refund', () => payments.refund({ payment_intent_id: piId, order_id: orderId }), orderErrors.refundFailed);
}

export async function customerShoppingInfo(deps: OrdersDeps, actor: Actor) {
  const user = await signedIn(actor);
  const payments = requirePayments(deps);
  const { state } = await deps.store.aggregate(shopperStream(user.id), NO_SHOPPER, evolveShopper);
  const customerId = state.customer_id;
  const payment_methods = customerId ? await atStripe(deps, 'saved cards', () => payments.savedCards(customerId), orderErrors.paymentIntentFailed) : [];
  return { shipping_address: await savedAddressOf(deps.db, user.id), payment_methods };
}

export async function saveShippingAddress(deps: OrdersDeps, actor: Actor, input: { shipping_address: ShippingAddress }) {
  const user = await signedIn(actor);
  const payments = requirePayments(deps);
  const address = normalAddress(input.shipping_address);
  const customerId = await customerOf(deps, payments, user);
  await atStripe(deps, 'customer shipping', () => payments.setCustomerShipping(customerId, address), orderErrors.paymentIntentFailed);
  await decideAndAppend(deps.store, shopperStream(user.id), NO_SHOPPER, evolveShopper, (s) =>
    decideSaveAddress(s, { user_id: user.id, shipping_address: address, now: deps.now() }),
  );
  return customerShoppingInfo(deps, actor);
}

export async function listOrders(deps: OrdersDeps, actor: Actor) {
  const user = await signedIn(actor);
  return { orders: await ordersOf(deps.db, user.id) };
}

export async function getOrder(deps: OrdersDeps, actor: Actor, orderId: string) {
  const user = await signedIn(actor);
  const view = await orderOf(deps.db, user.id, orderId);
  if (!view) throw orderErrors.orderNotFound();
  return view;
}
