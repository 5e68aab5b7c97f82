import type { Kysely } from 'kysely';

// Places (issue 36): the places kept with an answer entry, and each person's reservation records
// (hand-overs to venues' own booking pages), both projected by services/places.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('place_entry_places')
    .addColumn('backend_uuid', 'text', (c) => c.primaryKey())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('places', 'jsonb', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('place_entry_places_context').on('place_entry_places').column('context_uuid').execute();
  await db.schema.createIndex('place_entry_places_user').on('place_entry_places').column('user_id').execute();
  await db.schema
    .createTable('place_reservations')
    .addColumn('reservation_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('place', 'jsonb', (c) => c.notNull())
    .addColumn('handed_over_to', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('place_reservations_user').on('place_reservations').columns(['user_id', 'created_at']).execute();
}
