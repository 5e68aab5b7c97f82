import type { Kysely } from 'kysely';

// Billing: `subscriptions`, the projection of each subscriber's stream (subscription-<user_id>)
// that the product reads for a person's plan; and `stripe_webhook_events`, the inbox of Stripe's
// webhooks, one row per event id, so a redelivered event is stored and applied once.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('stripe'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('plan', 'text')
    .addColumn('interval', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('scheduled_plan', 'text')
    .addColumn('scheduled_interval', 'text')
    .addColumn('scheduled_effective_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_customer_idx').on('subscriptions').column('customer_id').execute();
  await db.schema
    .createTable('stripe_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz')
    .execute();
}
