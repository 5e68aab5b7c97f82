// Each person's current store cart as the calls read it (`shopping_carts`), from the events on
// their cart stream: a cart made replaces the last; its shipping set updates its totals; the
// store losing it, or the account's erasure, removes it. A shipping set or expiry of a cart that
// is no longer the current one changes nothing, as in evolveCart.
import type { Projection } from '../../eventstore/types.js';
import type { AccountErased } from '../../identity/events.js';
import { CART_EVENT_TYPES, type CartEvent } from './events.js';
import { own } from './tables.js';

export const cartsProjection: Projection = {
  name: 'shopping_carts',
  tables: ['shopping_carts'],
  handles: [...CART_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('shopping_carts')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as CartEvent;
    const carts = own(trx);
    if (e.type === 'StoreCartCreated') {
      const d = e.data;
      const row = {
        cart_id: d.cart_id,
        merchant_id: d.merchant_id,
        merchant_name: d.merchant_name,
        lines: JSON.stringify(d.lines),
        subtotal_minor: d.subtotal_minor,
        total_minor: d.total_minor,
        currency: d.currency,
        checkout_url: d.checkout_url,
        shipping_info_set: false,
        updated_at: d.at,
      };
      await carts
        .insertInto('shopping_carts')
        .values({ user_id: d.user_id, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
    } else if (e.type === 'StoreCartShippingSet') {
      const d = e.data;
      await carts
        .updateTable('shopping_carts')
        .set({
          subtotal_minor: d.subtotal_minor,
          total_minor: d.total_minor,
          currency: d.currency,
          checkout_url: d.checkout_url,
          shipping_info_set: true,
          updated_at: d.at,
        })
        .where('user_id', '=', d.user_id)
        .where('cart_id', '=', d.cart_id)
        .execute();
    } else if (e.type === 'StoreCartExpired') {
      await carts.deleteFrom('shopping_carts').where('user_id', '=', e.data.user_id).where('cart_id', '=', e.data.cart_id).execute();
    }
  },
};
