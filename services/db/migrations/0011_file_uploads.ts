import type { Kysely } from 'kysely';

// Upload forms handed out and not yet submitted or expired (projection of FileUploadStarted):
// they count toward the plan's file limits until they expire.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('file_uploads')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('file_uuid', 'text', (c) => c.notNull())
    .addColumn('repo_type', 'text', (c) => c.notNull())
    .addColumn('repo_owner', 'text', (c) => c.notNull())
    .addColumn('uploaded_by_user_id', 'text', (c) => c.notNull())
    .addColumn('counts_as_new', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_uploads_repo_idx').on('file_uploads').columns(['repo_type', 'repo_owner', 'expires_at']).execute();
  await db.schema.createIndex('file_uploads_uploader_idx').on('file_uploads').columns(['uploaded_by_user_id', 'expires_at']).execute();
}
