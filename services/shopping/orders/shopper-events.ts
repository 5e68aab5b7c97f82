// A person as a shopper, one stream per person (`shopper-<user_id>`): the Stripe customer their
// payments are made under, and the shipping address they saved.
import type { StoredEvent } from '../../eventstore/types.js';
import type { ShippingAddress } from './address.js';

export const shopperStream = (userId: string) => `shopper-${userId}`;

export type ShopperCustomerLinked = { type: 'ShopperCustomerLinked'; data: { user_id: string; customer_id: string; at: string } };
export type ShopperAddressSaved = { type: 'ShopperAddressSaved'; data: { user_id: string; shipping_address: Required<ShippingAddress>; at: string } };
export type ShopperEvent = ShopperCustomerLinked | ShopperAddressSaved;
export const SHOPPER_EVENT_TYPES = ['ShopperCustomerLinked', 'ShopperAddressSaved'] as const satisfies readonly ShopperEvent['type'][];

export type ShopperState = { customer_id: string | null; shipping_address: Required<ShippingAddress> | null };
export const NO_SHOPPER: ShopperState = { customer_id: null, shipping_address: null };

export function evolveShopper(s: ShopperState, event: ShopperEvent | StoredEvent): ShopperState {
  const e = { type: event.type, data: event.data } as ShopperEvent;
  if (e.type === 'ShopperCustomerLinked') return { ...s, customer_id: e.data.customer_id };
  if (e.type === 'ShopperAddressSaved') return { ...s, shipping_address: e.data.shipping_address };
  return s;
}

export function decideLinkCustomer(s: ShopperState, cmd: { user_id: string; customer_id: string; now: Date }): ShopperCustomerLinked[] {
  if (s.customer_id === cmd.customer_id) return [];
  return [{ type: 'ShopperCustomerLinked', data: { user_id: cmd.user_id, customer_id: cmd.customer_id, at: cmd.now.toISOString() } }];
}

export function decideSaveAddress(s: ShopperState, cmd: { user_id: string; shipping_address: Required<ShippingAddress>; now: Date }): ShopperAddressSaved[] {
  if (s.shipping_address && JSON.stringify(s.shipping_address) === JSON.stringify(cmd.shipping_address)) return [];
  return [{ type: 'ShopperAddressSaved', data: { user_id: cmd.user_id, shipping_address: cmd.shipping_address, at: cmd.now.toISOString() } }];
}
