import { sql, type Kysely } from 'kysely';

// Stripe's webhooks become an inbox drained in batches (services/billing/webhook-inbox.ts): each
// row keeps what its event is about (`summary`), and a failed application waits until
// `retry_at` before it is tried again (`attempts` times so far). Rows stored before this
// migration were applied by their workflows already, or are marked applied here.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('stripe_webhook_events')
    .addColumn('summary', 'jsonb')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_at', 'timestamptz')
    .execute();
  await sql`update stripe_webhook_events set applied_at = received_at where applied_at is null`.execute(db);
  await sql`create index stripe_webhook_events_pending_idx on stripe_webhook_events (received_at) where applied_at is null`.execute(db);
}
