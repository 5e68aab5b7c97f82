// Without Stripe, every call that would reach it answers plainly that payments are not set up;
// signed out, every call asks to sign in first.
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/actor.js';
import type { OrdersDeps } from './context.js';
import { noCatalogue } from './priced-option.js';
import { calculateTaxAndShipping, cancelOrder, createOrder, createPaymentIntent, customerShoppingInfo, saveShippingAddress } from './use-cases.js';

const address = { name: 'A', line1: 'L', city: 'C', postal_code: '1', country: 'AT' };
const actorOf = (user: { id: string } | null) => ({ user: async () => (user ? { ...user, name: 'A', email: 'a@example.com' } : null) }) as unknown as Actor;
const deps = { payments: null, pricing: noCatalogue, shippingRates: new Map() } as unknown as OrdersDeps;
const calls = (actor: Actor) => [
  () => calculateTaxAndShipping(deps, actor, { shipping_address: address, amount: 100, currency: 'eur' }),
  () => createOrder(deps, actor, { items: [{ option_key: 'k', quantity: 1, unit_price_minor: 1, currency: 'eur' }], shipping_address: address }),
  () => createPaymentIntent(deps, actor, { order_id: 'o' }),
  () => cancelOrder(deps, actor, { order_id: 'o' }),
  () => customerShoppingInfo(deps, actor),
  () => saveShippingAddress(deps, actor, { shipping_address: address }),
];

describe('payments not set up', () => {
  it('answers payments_not_configured, saying so plainly', async () => {
    for (const call of calls(actorOf({ id: 'u1' })))
      await expect(call()).rejects.toMatchObject({
        code: 'payments_not_configured',
        message: 'Payments are not set up on this server: nothing can be bought here yet.',
      });
  });
  it('asks a visitor to sign in first', async () => {
    for (const call of calls(actorOf(null))) await expect(call()).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
