import { expect, test } from 'vitest';
import { redactOne } from '../../eventstore/erasure.js';
import { cartRedactors as redactors } from './erasure.js';

const person = { userId: 'u1', emails: ['ada@example.com'], names: ['Ada Walker'], streams: new Set<string>() };
const address = { name: 'Ada Walker', line1: '1 Ridge Road', line2: null, city: 'Bergen', state: null, postal_code: '5003', country: 'NO', phone: '555' };

test('an erased person’s store carts lose the buyer’s email and address; the cart stays; another person’s are untouched', () => {
  const shipped = {
    type: 'StoreCartShippingSet',
    streamId: 'shopping-cart-u1',
    data: { user_id: 'u1', cart_id: 'c1', email: 'ada@example.com', shipping_address: address, total_minor: 100, at: '' },
  };
  const redacted = redactOne(redactors, shipped, person);
  expect(redacted).toMatchObject({ cart_id: 'c1', total_minor: 100 });
  expect(JSON.stringify(redacted)).not.toMatch(/Ridge|ada@example/);
  expect(redactOne(redactors, { ...shipped, data: { ...shipped.data, user_id: 'u2' } }, person)).toBeUndefined();
});
