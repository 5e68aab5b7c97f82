import { describe, expect, it } from 'vitest';
import { redactOne } from '../../eventstore/erasure.js';
import { orderRedactors as redactors } from './erasure.js';

const person = { userId: 'u1', emails: ['ada@example.com'], names: ['Ada Walker'], streams: new Set<string>() };
const address = { name: 'Ada Walker', line1: '1 Ridge Road', line2: null, city: 'Boulder', state: 'CO', postal_code: '80302', country: 'US', phone: '555' };

describe('an erased person’s orders', () => {
  it('lose their shipping address; what was bought stays; another person’s orders are untouched', () => {
    const created = {
      type: 'ShoppingOrderCreated',
      streamId: 'shopping-order-o1',
      data: { order_id: 'o1', user_id: 'u1', shipping_address: address, total_minor: 100 },
    };
    expect(redactOne(redactors, created, person)).toEqual({ ...created.data, shipping_address: {} });
    const saved = { type: 'ShopperAddressSaved', streamId: 'shopper-u1', data: { user_id: 'u1', shipping_address: address, at: '' } };
    expect(JSON.stringify(redactOne(redactors, saved, person))).not.toContain('Ridge');
    expect(redactOne(redactors, { ...created, data: { ...created.data, user_id: 'u2' } }, person)).toBeUndefined();
  });
});
