// The store carts' read model (projection.ts): a person's current cart as the calls answer it.
import type { Db } from '../../db/database.js';
import type { CartLineView, CurrentCart } from './events.js';
import { own } from './tables.js';

/** The person's current cart, or null when they have none. */
export async function currentCartOf(db: Db, userId: string): Promise<CurrentCart | null> {
  const row = await own(db).selectFrom('shopping_carts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    cart_id: row.cart_id,
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    lines: row.lines as CartLineView[],
    subtotal_minor: Number(row.subtotal_minor),
    total_minor: Number(row.total_minor),
    currency: row.currency,
    checkout_url: row.checkout_url,
    shipping_info_set: row.shipping_info_set,
  };
}
