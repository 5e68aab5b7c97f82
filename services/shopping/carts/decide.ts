// The store carts' rules, pure: which options a store cart takes (a Shopify store's, available),
// which cart a person may change (their current one), when its checkout may open (once it has
// its buyer and address), and the events each step appends.
import type { NewEvent } from '../../eventstore/types.js';
import { cartErrors } from './errors.js';
import type { Buyer, CartLineView, CartState, CartTotals, CurrentCart } from './events.js';

/** What a cart needs of a catalogue option. */
export type CartOption = { merchantKind?: 'feed' | 'shopify'; merchantName: string; available: boolean };

/** The option can go in a store cart; else the problem (a feed's merchant is paid in the thread). */
export function requireStoreOption<T extends CartOption>(option: T | null | undefined): T {
  if (!option) throw cartErrors.optionNotFound();
  if (option.merchantKind !== 'shopify') throw cartErrors.merchantPaidInThread(option.merchantName);
  if (!option.available) throw cartErrors.optionUnavailable();
  return option;
}

/** The person's current cart when it is the one named; cart_not_found for any other. */
export function requireCurrentCart(state: CartState, cartId: string): CurrentCart {
  if (!state.cart || state.cart.cart_id !== cartId) throw cartErrors.cartNotFound();
  return state.cart;
}

/** The current cart when its checkout can open: it has its buyer and shipping address. */
export function requireSessionReady(state: CartState): CurrentCart {
  if (!state.cart) throw cartErrors.cartNotFound();
  if (!state.cart.shipping_info_set) throw cartErrors.shippingInfoRequired();
  return state.cart;
}

export function decideCartCreated(
  userId: string,
  cart: { cart_id: string; merchant_id: string; merchant_name: string; lines: CartLineView[] } & CartTotals,
  at: string,
): NewEvent<'StoreCartCreated'>[] {
  return [{ type: 'StoreCartCreated', data: { user_id: userId, ...cart, at } }];
}

/** The buyer and address set on the current cart (cart_not_found when it is no longer the current one). */
export function decideShippingSet(
  state: CartState,
  userId: string,
  cartId: string,
  buyer: Buyer,
  totals: CartTotals,
  at: string,
): NewEvent<'StoreCartShippingSet'>[] {
  requireCurrentCart(state, cartId);
  return [{ type: 'StoreCartShippingSet', data: { user_id: userId, cart_id: cartId, ...buyer, ...totals, at } }];
}

/** The store no longer has the current cart: it is forgotten. */
export function decideExpired(state: CartState, userId: string, at: string): NewEvent<'StoreCartExpired'>[] {
  if (!state.cart) return [];
  return [{ type: 'StoreCartExpired', data: { user_id: userId, cart_id: state.cart.cart_id, at } }];
}

/** A name as Shopify's first and last name: the last word is the last name ("Ada" alone: a last name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const lastName = words.pop() ?? '';
  return { firstName: words.join(' '), lastName };
}
