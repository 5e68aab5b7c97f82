// The rules of a shopping order. Pure: ids, the clock and the catalogue's answers are passed in.
// - Prices are the catalogue's: an item sent with another price or currency is refused, as is an
//   option no longer sold; one order is in one currency.
// - A payment intent is opened once per order, and only while it is unpaid and not cancelled.
// - Paid only from Stripe's word (a verified webhook whose payment intent succeeded, for the
//   order's total); each Stripe event applies once; a cancelled order is never marked paid.
// - Cancelled once; a paid order is cancelled with its refund.
import type { ShippingAddress } from './address.js';
import { orderErrors } from './errors.js';
import type { OrderAmounts, OrderCancelled, OrderCreated, OrderItem, OrderPaid, OrderPaymentFailed, OrderPaymentIntentCreated, OrderState } from './events.js';
import type { PricedOption } from './priced-option.js';

export type RequestedItem = { option_key: string; quantity: number; unit_price_minor: number; currency: string };

/** The items at the catalogue's prices, or the first refusal; `options[i]` is the catalogue's answer for `requested[i]`. */
export function priceItems(
  requested: readonly RequestedItem[],
  options: readonly (PricedOption | null)[],
): { items: OrderItem[]; subtotal_minor: number; currency: string } {
  const items: OrderItem[] = requested.map((r, i) => {
    const o = options[i];
    if (!o) throw orderErrors.optionNotFound();
    // A Shopify store sells through its own checkout (create-firmly-cart): a Stripe order would never reach it.
    if (o.merchantKind === 'shopify') throw orderErrors.paidAtStore(o.merchantName);
    if (!o.available) throw orderErrors.optionUnavailable();
    if (o.currency.toLowerCase() !== r.currency.toLowerCase()) throw orderErrors.currencyMismatch();
    if (o.priceMinor !== r.unit_price_minor) throw orderErrors.priceChanged();
    return {
      option_key: o.optionKey,
      product_id: o.productId,
      merchant_id: o.merchantId,
      merchant_name: o.merchantName,
      title: o.title,
      option_label: o.optionLabel,
      image_url: o.imageUrl,
      quantity: r.quantity,
      unit_price_minor: o.priceMinor,
      currency: o.currency.toLowerCase(),
    };
  });
  const currency = items[0].currency;
  if (items.some((i) => i.currency !== currency)) throw orderErrors.currencyMismatch();
  return { items, subtotal_minor: items.reduce((sum, i) => sum + i.unit_price_minor * i.quantity, 0), currency };
}

/** Shipping: each merchant's flat rate once per order (its own rate, else the default `*`, else free). */
export function shippingFor(rates: ReadonlyMap<string, number>, merchantIds: readonly string[]): number {
  return [...new Set(merchantIds)].reduce((sum, m) => sum + (rates.get(m) ?? rates.get('*') ?? 0), 0);
}

export function amountsOf(subtotal_minor: number, currency: string, tax: { calculated: boolean; tax_minor: number }, shipping_minor: number): OrderAmounts {
  return {
    subtotal_minor,
    tax_minor: tax.tax_minor,
    tax_calculated: tax.calculated,
    shipping_minor,
    total_minor: subtotal_minor + tax.tax_minor + shipping_minor,
    currency,
  };
}

type Base = { order_id: string; user_id: string; now: Date };

export function decideCreate(
  state: OrderState,
  cmd: Base & { items: OrderItem[]; amounts: OrderAmounts; shipping_address: Required<ShippingAddress> },
): OrderCreated[] {
  if (state.status !== 'none') return [];
  return [
    {
      type: 'ShoppingOrderCreated',
      data: {
        order_id: cmd.order_id,
        user_id: cmd.user_id,
        at: cmd.now.toISOString(),
        items: cmd.items,
        shipping_address: cmd.shipping_address,
        ...cmd.amounts,
      },
    },
  ];
}

/** Only the order's owner sees it: anyone else is told there is no such order. */
export function requireOwner(state: OrderState, userId: string) {
  if (state.status === 'none' || state.user_id !== userId) throw orderErrors.orderNotFound();
}

export function requirePayable(state: OrderState) {
  if (state.status === 'paid' || state.status === 'cancelled') throw orderErrors.orderNotPayable();
}

export function decidePaymentIntent(state: OrderState, cmd: Base & { payment_intent_id: string }): OrderPaymentIntentCreated[] {
  requireOwner(state, cmd.user_id);
  requirePayable(state);
  if (state.payment_intent_id === cmd.payment_intent_id) return [];
  return [
    {
      type: 'ShoppingOrderPaymentIntentCreated',
      data: { order_id: cmd.order_id, user_id: cmd.user_id, at: cmd.now.toISOString(), payment_intent_id: cmd.payment_intent_id },
    },
  ];
}

/** What Stripe says of the order's payment intent now (read from Stripe after a verified webhook). */
export type PaymentFacts = {
  payment_intent_id: string;
  status: 'succeeded' | 'failed' | 'pending';
  amount_received: number;
  currency: string;
  message: string | null;
};

export function decidePaymentOutcome(state: OrderState, facts: PaymentFacts, stripeEventId: string | null, now: Date): (OrderPaid | OrderPaymentFailed)[] {
  if (state.status === 'none' || !state.order_id || !state.user_id) return [];
  if (stripeEventId && state.stripe_events.includes(stripeEventId)) return [];
  if (state.status === 'paid' || state.status === 'cancelled') return [];
  // A payment intent that is not the order's is not its payment.
  if (state.payment_intent_id !== facts.payment_intent_id) return [];
  const base = {
    order_id: state.order_id,
    user_id: state.user_id,
    at: now.toISOString(),
    payment_intent_id: facts.payment_intent_id,
    stripe_event_id: stripeEventId,
  };
  if (facts.status === 'succeeded') {
    // Paid means the order's total in its currency reached us; anything else is not this order's payment.
    if (facts.amount_received !== state.total_minor || facts.currency.toLowerCase() !== state.currency) return [];
    return [{ type: 'ShoppingOrderPaid', data: { ...base, amount_minor: facts.amount_received } }];
  }
  if (facts.status === 'failed') return [{ type: 'ShoppingOrderPaymentFailed', data: { ...base, message: facts.message ?? 'The payment failed.' } }];
  return [];
}

export function decideCancel(state: OrderState, cmd: Base & { refund: { refund_id: string; amount_minor: number; status: string } | null }): OrderCancelled[] {
  requireOwner(state, cmd.user_id);
  if (state.status === 'cancelled') throw orderErrors.alreadyCancelled();
  return [{ type: 'ShoppingOrderCancelled', data: { order_id: cmd.order_id, user_id: cmd.user_id, at: cmd.now.toISOString(), refund: cmd.refund } }];
}
