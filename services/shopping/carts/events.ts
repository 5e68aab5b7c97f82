// A person's cart at a merchant's store (a Shopify cart), as events on their own stream
// (`shopping-cart-<user_id>`): the one current cart, made at the store (a new one replaces the
// last), given its buyer and shipping address, and gone when the store no longer has it. The
// store holds the cart; these events say which cart is the person's, so nobody can use another's.
import type { StoredEvent } from '../../eventstore/types.js';

export const cartStream = (userId: string) => `shopping-cart-${userId}`;

export type CartLineView = {
  option_key: string;
  title: string;
  option_label: string;
  quantity: number;
  unit_price_minor: number;
  currency: string;
  image_url: string | null;
};

/** What the store says of the cart's money and checkout, kept after each change. */
export type CartTotals = { subtotal_minor: number; total_minor: number; currency: string; checkout_url: string };

export type Buyer = {
  email: string;
  shipping_address: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postal_code: string;
    country: string;
    phone: string | null;
  };
};

type At = { user_id: string; cart_id: string; at: string };

export type StoreCartCreated = { type: 'StoreCartCreated'; data: At & CartTotals & { merchant_id: string; merchant_name: string; lines: CartLineView[] } };
export type StoreCartShippingSet = { type: 'StoreCartShippingSet'; data: At & CartTotals & Buyer };
export type StoreCartExpired = { type: 'StoreCartExpired'; data: At };

export type CartEvent = StoreCartCreated | StoreCartShippingSet | StoreCartExpired;
export const CART_EVENT_TYPES = ['StoreCartCreated', 'StoreCartShippingSet', 'StoreCartExpired'] as const satisfies readonly CartEvent['type'][];

export type CurrentCart = CartTotals & { cart_id: string; merchant_id: string; merchant_name: string; lines: CartLineView[]; shipping_info_set: boolean };
export type CartState = { cart: CurrentCart | null };
export const NO_CART: CartState = { cart: null };

export function evolveCart(state: CartState, event: Pick<StoredEvent, 'type' | 'data'>): CartState {
  const e = event as CartEvent;
  if (e.type === 'StoreCartCreated') {
    const { user_id: _u, at: _a, ...cart } = e.data;
    return { cart: { ...cart, shipping_info_set: false } };
  }
  if (!state.cart || (e.data as At).cart_id !== state.cart.cart_id) return state;
  if (e.type === 'StoreCartShippingSet') {
    const { subtotal_minor, total_minor, currency, checkout_url } = e.data;
    return { cart: { ...state.cart, subtotal_minor, total_minor, currency, checkout_url, shipping_info_set: true } };
  }
  if (e.type === 'StoreCartExpired') return NO_CART;
  return state;
}
