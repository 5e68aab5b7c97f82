// Orders and shoppers as the pages read them: `shopping_orders` (one row per order) and
// `shoppers` (a person's Stripe customer and saved address). An erased account leaves neither.
import type { Projection } from '../../eventstore/types.js';
import type { AccountErased } from '../../identity/events.js';
import { ORDER_EVENT_TYPES, type OrderEvent } from './events.js';
import { SHOPPER_EVENT_TYPES, type ShopperEvent } from './shopper-events.js';
import { own } from './tables.js';

export const shoppingOrdersProjection: Projection = {
  name: 'shopping_orders',
  tables: ['shopping_orders', 'shoppers'],
  handles: [...ORDER_EVENT_TYPES, ...SHOPPER_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('shopping_orders').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('shoppers').where('user_id', '=', userId).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as OrderEvent | ShopperEvent;
    const orders = own(trx);
    switch (e.type) {
      case 'ShoppingOrderCreated': {
        const d = e.data;
        await orders
          .insertInto('shopping_orders')
          .values({
            order_id: d.order_id,
            user_id: d.user_id,
            status: 'created',
            items: JSON.stringify(d.items),
            shipping_address: JSON.stringify(d.shipping_address),
            subtotal_minor: d.subtotal_minor,
            tax_minor: d.tax_minor,
            tax_calculated: d.tax_calculated,
            shipping_minor: d.shipping_minor,
            total_minor: d.total_minor,
            currency: d.currency,
            payment_intent_id: null,
            payment_error: null,
            refund: null,
            created_at: d.at,
            paid_at: null,
            cancelled_at: null,
          })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .execute();
        return;
      }
      case 'ShoppingOrderPaymentIntentCreated':
        await orders
          .updateTable('shopping_orders')
          .set({ status: 'awaiting_payment', payment_intent_id: e.data.payment_intent_id })
          .where('order_id', '=', e.data.order_id)
          .execute();
        return;
      case 'ShoppingOrderPaid':
        await orders
          .updateTable('shopping_orders')
          .set({ status: 'paid', payment_error: null, paid_at: e.data.at })
          .where('order_id', '=', e.data.order_id)
          .execute();
        return;
      case 'ShoppingOrderPaymentFailed':
        await orders
          .updateTable('shopping_orders')
          .set({ status: 'payment_failed', payment_error: e.data.message })
          .where('order_id', '=', e.data.order_id)
          .execute();
        return;
      case 'ShoppingOrderCancelled':
        await orders
          .updateTable('shopping_orders')
          .set({ status: 'cancelled', cancelled_at: e.data.at, refund: e.data.refund ? JSON.stringify(e.data.refund) : null })
          .where('order_id', '=', e.data.order_id)
          .execute();
        return;
      case 'ShopperCustomerLinked':
        await orders
          .insertInto('shoppers')
          .values({ user_id: e.data.user_id, customer_id: e.data.customer_id, shipping_address: null })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ customer_id: e.data.customer_id }))
          .execute();
        return;
      case 'ShopperAddressSaved': {
        const address = JSON.stringify(e.data.shipping_address);
        await orders
          .insertInto('shoppers')
          .values({ user_id: e.data.user_id, customer_id: null, shipping_address: address })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ shipping_address: address }))
          .execute();
        return;
      }
    }
  },
};
