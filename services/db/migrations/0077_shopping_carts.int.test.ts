// Migration 0077 on a database whose carts were only events: the carts it fills in from the log
// are the rows the projection writes from the same events (a cart made, then its shipping set; a
// cart the store lost; a cart replaced by a newer one, whose shipping set came late; an erased
// account's cart), and a rebuild gives them back too. A person's export holds their current cart.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../../tests/support/database.js';
import { projections } from '../../app/projections.js';
import { rebuildProjections } from '../../eventstore/rebuild.js';
import { EventStore } from '../../eventstore/store.js';
import { storeCartExport } from '../../shopping/index.js';
import type { Db } from '../database.js';
import { up } from './0077_shopping_carts.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const totals = (n: number) => ({ subtotal_minor: n, total_minor: n + 500, currency: 'EUR', checkout_url: `https://store.example/checkout/${n}` });
const line = { option_key: 'shopify:1', title: 'Jacket', option_label: 'M', quantity: 1, unit_price_minor: 15900, currency: 'EUR', image_url: null };
const made = (user_id: string, cart_id: string, n: number, at: string) => ({
  type: 'StoreCartCreated',
  data: { user_id, cart_id, merchant_id: 'fjord', merchant_name: 'Fjord', lines: [line], ...totals(n), at },
});
const shipped = (user_id: string, cart_id: string, n: number, at: string) => ({
  type: 'StoreCartShippingSet',
  data: {
    user_id,
    cart_id,
    email: `${user_id}@example.com`,
    shipping_address: { name: 'Ada', line1: '1 Road', line2: null, city: 'Oslo', state: null, postal_code: '0150', country: 'NO', phone: null },
    ...totals(n),
    at,
  },
});

test('fills in the carts from the log as the projection writes them', async () => {
  const store = new EventStore(db, projections);
  await store.append('shopping-cart-ann', 0, [made('ann', 'c1', 1000, '2026-01-01T10:00:00.000Z'), shipped('ann', 'c1', 1100, '2026-01-01T10:05:00.000Z')]);
  await store.append('shopping-cart-bob', 0, [
    made('bob', 'c2', 2000, '2026-01-02T10:00:00.000Z'),
    { type: 'StoreCartExpired', data: { user_id: 'bob', cart_id: 'c2', at: '2026-01-02T11:00:00.000Z' } },
  ]);
  await store.append('shopping-cart-cy', 0, [
    made('cy', 'c3', 3000, '2026-01-03T10:00:00.000Z'),
    made('cy', 'c4', 4000, '2026-01-03T10:01:00.000Z'),
    shipped('cy', 'c3', 3300, '2026-01-03T10:02:00.000Z'),
    { type: 'StoreCartExpired', data: { user_id: 'cy', cart_id: 'c3', at: '2026-01-03T10:03:00.000Z' } },
  ]);
  await store.append('shopping-cart-dee', 0, [made('dee', 'c5', 5000, '2026-01-04T10:00:00.000Z')]);
  await store.append('account-dee', 0, [{ type: 'AccountErased', data: { user_id: 'dee', erased_at: '2026-01-05T10:00:00.000Z' } }]);
  const rows = async () => (await sql`select * from shopping_carts order by user_id`.execute(db)).rows;
  const projected = await rows();
  expect(projected).toMatchObject([
    { user_id: 'ann', cart_id: 'c1', total_minor: '1600', shipping_info_set: true, updated_at: new Date('2026-01-01T10:05:00.000Z') },
    { user_id: 'cy', cart_id: 'c4', total_minor: '4500', shipping_info_set: false, lines: [line] },
  ]);

  // As the database was before this migration: the carts only in the log.
  await sql`drop table shopping_carts`.execute(db);
  await up(db as never);
  expect(await rows()).toEqual(projected);
  await rebuildProjections(store);
  expect(await rows()).toEqual(projected);

  expect(await storeCartExport(db, 'ann')).toEqual({
    cart: { cart_id: 'c1', merchant_id: 'fjord', merchant_name: 'Fjord', lines: [line], ...totals(1100), shipping_info_set: true },
  });
  expect(await storeCartExport(db, 'bob')).toEqual({ cart: null });
  expect(await storeCartExport(db, 'dee')).toEqual({ cart: null });
});
