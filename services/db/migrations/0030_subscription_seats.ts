import type { Kysely } from 'kysely';

// An organisation's seats as recorded on its subscription stream (SubscriptionSeatsChanged),
// projected onto its `subscriptions` row. The lead renumbers this migration at merge.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('subscriptions').addColumn('seats', 'integer').execute();
}
