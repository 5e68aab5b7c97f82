// A shopping order as events, one stream per order (`shopping-order-<order_id>`): created with its
// priced items, tax and shipping; a Stripe payment intent opened for it; paid or declined as
// Stripe's webhooks say (each Stripe event id recorded, so a redelivery changes nothing);
// cancelled, with the refund when it had been paid. The read model `shopping_orders`
// (projections.ts) is what the pages read; evolveOrder() is what decide() reads.
import type { StoredEvent } from '../../eventstore/types.js';
import type { ShippingAddress } from './address.js';

export const orderStream = (orderId: string) => `shopping-order-${orderId}`;

export type OrderItem = {
  option_key: string;
  product_id: string;
  merchant_id: string;
  merchant_name: string;
  title: string;
  option_label: string;
  image_url: string | null;
  quantity: number;
  unit_price_minor: number;
  currency: string;
};

export type OrderAmounts = {
  subtotal_minor: number;
  tax_minor: number;
  tax_calculated: boolean;
  shipping_minor: number;
  total_minor: number;
  currency: string;
};

type At = { order_id: string; user_id: string; at: string };

export type OrderCreated = { type: 'ShoppingOrderCreated'; data: At & OrderAmounts & { items: OrderItem[]; shipping_address: Required<ShippingAddress> } };
export type OrderPaymentIntentCreated = { type: 'ShoppingOrderPaymentIntentCreated'; data: At & { payment_intent_id: string } };
export type OrderPaid = { type: 'ShoppingOrderPaid'; data: At & { payment_intent_id: string; amount_minor: number; stripe_event_id: string | null } };
export type OrderPaymentFailed = {
  type: 'ShoppingOrderPaymentFailed';
  data: At & { payment_intent_id: string; message: string; stripe_event_id: string | null };
};
export type OrderCancelled = {
  type: 'ShoppingOrderCancelled';
  data: At & { refund: { refund_id: string; amount_minor: number; status: string } | null };
};

export type OrderEvent = OrderCreated | OrderPaymentIntentCreated | OrderPaid | OrderPaymentFailed | OrderCancelled;

export const ORDER_EVENT_TYPES = [
  'ShoppingOrderCreated',
  'ShoppingOrderPaymentIntentCreated',
  'ShoppingOrderPaid',
  'ShoppingOrderPaymentFailed',
  'ShoppingOrderCancelled',
] as const satisfies readonly OrderEvent['type'][];

export type OrderStatus = 'none' | 'created' | 'awaiting_payment' | 'payment_failed' | 'paid' | 'cancelled';

export type OrderState = {
  status: OrderStatus;
  order_id: string | null;
  user_id: string | null;
  total_minor: number;
  currency: string | null;
  payment_intent_id: string | null;
  /** Stripe event ids already applied: a redelivered webhook records nothing again. */
  stripe_events: readonly string[];
};

export const NO_ORDER: OrderState = {
  status: 'none',
  order_id: null,
  user_id: null,
  total_minor: 0,
  currency: null,
  payment_intent_id: null,
  stripe_events: [],
};

const seen = (s: OrderState, id: string | null) => (id ? [...s.stripe_events, id] : s.stripe_events);

export function evolveOrder(s: OrderState, event: OrderEvent | StoredEvent): OrderState {
  const e = { type: event.type, data: event.data } as OrderEvent;
  switch (e.type) {
    case 'ShoppingOrderCreated':
      return { ...s, status: 'created', order_id: e.data.order_id, user_id: e.data.user_id, total_minor: e.data.total_minor, currency: e.data.currency };
    case 'ShoppingOrderPaymentIntentCreated':
      return { ...s, status: 'awaiting_payment', payment_intent_id: e.data.payment_intent_id };
    case 'ShoppingOrderPaid':
      return { ...s, status: 'paid', payment_intent_id: e.data.payment_intent_id, stripe_events: seen(s, e.data.stripe_event_id) };
    case 'ShoppingOrderPaymentFailed':
      return { ...s, status: 'payment_failed', stripe_events: seen(s, e.data.stripe_event_id) };
    case 'ShoppingOrderCancelled':
      return { ...s, status: 'cancelled' };
    default:
      return s;
  }
}
