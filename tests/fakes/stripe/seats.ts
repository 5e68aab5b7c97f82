// Seats: a subscription item's quantity changed (items[0][id], items[0][quantity]), as an
// organisation's membership changes. The fake checks what Stripe checks (the item is the
// subscription's, the quantity a whole number of at least 1, the subscription not canceled) and,
// stricter than Stripe, that the change carries an idempotency key: each change is kept with its
// key so a test sees that a replayed change was sent once, or with the same key.
import { missing, StripeFakeError } from './http.js';
import type { FakeState, Subscription } from './state.js';

export type QuantityUpdate = { subscription: string; quantity: number; previous: number; idempotencyKey: string };

type ItemParam = { id?: string; quantity?: string };

/** Applies a quantity in the items[] of a subscription update; true when it changed the quantity. */
export function applyQuantity(state: FakeState, sub: Subscription, items: ItemParam[], idempotencyKey: string | null): boolean {
  const asked = items[0];
  if (asked?.quantity === undefined) return false;
  const item = sub.items.data[0];
  if (asked.id && asked.id !== item.id) throw missing('subscription item', asked.id);
  const quantity = Number(asked.quantity);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new StripeFakeError(400, 'invalid_request_error', 'parameter_invalid_integer', `Invalid integer: ${asked.quantity}`);
  if (sub.status === 'canceled')
    throw new StripeFakeError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its metadata.');
  if (!idempotencyKey)
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      'idempotency_key_required',
      'The Stripe fake takes a quantity change only with an Idempotency-Key.',
    );
  if (quantity === item.quantity) return false;
  quantityUpdates(state).push({ subscription: sub.id, quantity, previous: item.quantity, idempotencyKey });
  item.quantity = quantity;
  return true;
}

const updates = new WeakMap<FakeState, QuantityUpdate[]>();

/** Every quantity change made, in order (a test checks one change per membership change). */
export function quantityUpdates(state: FakeState): QuantityUpdate[] {
  let list = updates.get(state);
  if (!list) updates.set(state, (list = []));
  return list;
}
