import type { Kysely } from 'kysely';

// Shopping orders (issue 35): the orders read model, one row per order, and the shoppers (a
// person's Stripe customer for purchases and their saved shipping address).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('shopping_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('shipping_address', 'jsonb', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_calculated', 'boolean', (c) => c.notNull())
    .addColumn('shipping_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('payment_error', 'text')
    .addColumn('refund', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('shopping_orders_user_idx').on('shopping_orders').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('shoppers')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('shipping_address', 'jsonb')
    .execute();
}
