import type { Kysely } from 'kysely';

// Image upload slots of each person's last hour (projection of services/files/images), read for
// the hourly limit per person; `removed_at` once the expiry workflow removed the slot's object.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('image_uploads')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removable_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('image_uploads_user_idx').on('image_uploads').columns(['user_id', 'started_at']).execute();
}
