import type { Kysely } from 'kysely';

// The try-on's read models (services/shopping/try-on): a person's images and their saved avatar.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('try_on_images')
    .addColumn('image_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('try_on_images_user_idx').on('try_on_images').column('user_id').execute();
  await db.schema
    .createTable('try_on_avatars')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('image_id', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
